import { describe, expect, it } from "vitest";
import { DomainError } from "../../server/errors";
import { SLUG_PATTERN } from "../../server/lib/slug";
import { AI_COSTS, enrichDraftCost, lessonsCost, variantCost } from "../../server/services/ai/costs";
import { LocalAiProvider } from "../../server/services/ai/local-provider";
import { draftFromBrief, faq, lessonContent, moduleQuiz, seo, variant, type AiProvider, type CourseContext } from "../../server/services/ai/provider";
import { ZDraftResult, ZQuizResult } from "../../server/services/ai/results";
import { truncate } from "../../server/services/ai/text";

const local = new LocalAiProvider();

const bare: CourseContext = {
  title: "Excel",
  description: "",
  language: "fr",
  level: null,
  format: "ELEARNING",
  duration: null,
  price: 0,
  currency: "EUR",
  tags: [],
  pedagogicalObjectives: null,
  prerequisites: null,
  targetAudience: null,
  teachingMethods: null,
  evaluationMethods: null,
  accessibilityInfo: null,
  disabilityReferentContact: null,
  modules: [],
};

const rich: CourseContext = {
  ...bare,
  title: "Sauveteur Secouriste du Travail : formation initiale complète pour les salariés de l'industrie",
  description:
    "Cette formation prépare les salariés à intervenir face à un accident du travail. Elle alterne apports théoriques et mises en situation. Elle est animée par un formateur certifié INRS et comprend de nombreux exercices.",
  level: "BEGINNER",
  format: "PRESENTIAL",
  duration: 14,
  price: 29000,
  tags: ["Secourisme", "SST"],
  pedagogicalObjectives: "- Protéger la victime\n- Examiner la victime\n- Alerter les secours",
  prerequisites: "Aucune connaissance préalable.",
  targetAudience: "Tout salarié.",
  teachingMethods: "Mises en situation.",
  evaluationMethods: "Évaluation certificative selon le référentiel INRS.",
  accessibilityInfo: "Salle accessible.",
  disabilityReferentContact: "referent@acme.test",
  modules: [
    { title: "Protéger", description: "Repérer les dangers persistants.", lessons: [{ title: "Repérer les dangers", kind: "TEXT", content: "" }, { title: "Supprimer le danger", kind: "TEXT", content: "Texte" }] },
    { title: "Secourir", description: "", lessons: [{ title: "La position latérale de sécurité", kind: "TEXT", content: "" }, { title: "Quiz", kind: "QUIZ", content: "" }] },
  ],
};

describe("local AI provider", () => {
  it("always answers 5 to 8 FAQ pairs from the course's own content", async () => {
    const few = await faq(local, bare);
    expect(few.length).toBeGreaterThanOrEqual(5);
    expect(few.length).toBeLessThanOrEqual(8);
    const many = await faq(local, rich);
    expect(many).toHaveLength(8);
    const byQuestion = Object.fromEntries(many.map((i) => [i.question, i.answer]));
    expect(byQuestion["Quels sont les prérequis ?"]).toBe("Aucune connaissance préalable.");
    expect(byQuestion["À qui s'adresse cette formation ?"]).toBe("Tout salarié.");
    expect(many[0]!.answer).toContain("protéger la victime");
    expect(many.map((i) => i.question)).toContain("Comment les acquis sont-ils évalués ?");
    expect(new Set(many.map((i) => i.question)).size).toBe(many.length);
  });

  it("writes English for an English course", async () => {
    const items = await faq(local, { ...bare, language: "en-GB", price: 1500 });
    expect(items.map((i) => i.question)).toContain("What are the prerequisites?");
    expect(items.find((i) => i.question === "How much does it cost?")!.answer).toContain("15.00");
  });

  it("is deterministic", async () => {
    expect(await faq(local, rich)).toEqual(await faq(local, rich));
    expect(await lessonContent(local, rich, 0, 0)).toBe(await lessonContent(local, rich, 0, 0));
  });

  it("writes SEO fields within the limits, with a slug from slug.ts", async () => {
    const s = await seo(local, rich);
    expect(s.metaTitle.length).toBeLessThanOrEqual(60);
    expect(s.metaDescription.length).toBeLessThanOrEqual(160);
    expect(s.metaDescription.length).toBeGreaterThan(20);
    expect(s.slug).toMatch(SLUG_PATTERN);
    expect(s.keywords).toContain("secourisme");
    expect(s.keywords.length).toBeLessThanOrEqual(10);
    const short = await seo(local, bare);
    expect(short.metaTitle).toBe("Excel | Formation");
    expect(short.slug).toBe("excel");
  });

  it("writes structured Markdown for a lesson", async () => {
    const md = await lessonContent(local, rich, 1, 0, "Former les salariés aux gestes qui sauvent.");
    expect(md).toMatch(/^## La position latérale de sécurité/);
    expect(md).toContain("### Objectifs de la leçon");
    expect(md).toContain("Former les salariés aux gestes qui sauvent.");
  });

  it("writes a valid quiz for a module", async () => {
    const quiz = await moduleQuiz(local, rich, 0);
    expect(ZQuizResult.safeParse(quiz).success).toBe(true);
    expect(quiz.questions.length).toBeGreaterThanOrEqual(3);
    const lonely = await moduleQuiz(local, { ...bare, modules: [{ title: "Seul", description: "", lessons: [] }] }, 0);
    expect(lonely.questions).toHaveLength(1);
  });

  it("adapts a variant keeping the structure", async () => {
    const v = await variant(local, rich, "EXPERT", "cas industriels");
    expect(v.modules).toHaveLength(2);
    expect(v.modules[0]!.lessons).toHaveLength(2);
    expect(v.modules[0]!.lessons[0]!.content).toBe("");
    expect(v.modules[0]!.lessons[1]!.content).toMatch(/^> \*\*Niveau expert\*\*/);
    expect(v.description).toContain("cas industriels");
    expect(v.targetAudience).toMatch(/expert/i);
  });

  it("drafts a course from a brief: one module per listed topic, and a final quiz", async () => {
    const d = await draftFromBrief(local, "Former des managers.\n- Fixer des objectifs\n- Conduire un entretien\n- Gérer un conflit", null);
    expect(ZDraftResult.safeParse(d).success).toBe(true);
    expect(d.modules.map((m) => m.title)).toEqual(["Fixer des objectifs", "Conduire un entretien", "Gérer un conflit"]);
    expect(d.modules.every((m) => m.lessons.length === 2)).toBe(true);
    const single = await draftFromBrief(local, "Une formation pour apprendre à utiliser un tableur au quotidien", rich);
    expect(single.modules).toHaveLength(3);
    expect(single.title).toContain("(nouvelle version)");
  });
});

describe("typed task functions", () => {
  const fake = (answer: unknown): AiProvider => ({ name: "fake", complete: async () => answer as never });

  it("refuses fewer than 5 FAQ pairs (503) and keeps at most 8 distinct ones", async () => {
    const pairs = (n: number) => Array.from({ length: n }, (_, i) => ({ question: `Q${i % 9}`, answer: "A" }));
    await expect(faq(fake({ faq: pairs(4) }), bare)).rejects.toMatchObject({ code: "UNAVAILABLE" });
    await expect(faq(fake({ faq: pairs(4) }), bare)).rejects.toBeInstanceOf(DomainError);
    expect(await faq(fake({ faq: pairs(12) }), bare)).toHaveLength(8);
  });

  it("clamps SEO lengths and slugifies the suggested slug", async () => {
    const s = await seo(fake({ metaTitle: "T".repeat(90), metaDescription: "mot ".repeat(80), slug: "Été À Paris !", keywords: ["A", "a", " b "] }), bare);
    expect(s.metaTitle.length).toBeLessThanOrEqual(60);
    expect(s.metaDescription.length).toBeLessThanOrEqual(160);
    expect(s.slug).toBe("ete-a-paris");
    expect(s.keywords).toEqual(["a", "b"]);
  });

  it("keeps the course's text where a variant answer leaves a module or lesson out", async () => {
    const v = await variant(fake({ title: "", description: "D", targetAudience: "", prerequisites: "", pedagogicalObjectives: "", modules: [] }), rich, "BEGINNER");
    expect(v.title).toBe(rich.title);
    expect(v.modules[1]!.lessons[0]!.title).toBe("La position latérale de sécurité");
  });
});

describe("costs and text helpers", () => {
  it("has the spec's costs", () => {
    expect(enrichDraftCost(3, 2)).toBe(3 * 20 + 2 * 15);
    expect(lessonsCost(4)).toBe(80);
    expect(AI_COSTS.regenerateUpFront).toBe(50);
    expect(AI_COSTS.positioningQuiz).toBe(25);
    expect(AI_COSTS.adaptivePath).toBe(30);
    expect(variantCost(2, 5)).toBe(10 + 30 + 100);
  });

  it("truncates at a word boundary", () => {
    expect(truncate("un deux trois quatre", 12)).toBe("un deux…");
    expect(truncate("court", 12)).toBe("court");
  });
});
