import { describe, expect, it } from "vitest";
import { MAIL_TEMPLATES, renderMail } from "../../server/services/mail/templates";

/**
 * Issue #23: the e-mails, written outside the catalogue, are French a proofreader passes. Every
 * template is rendered in French with sample values (names starting with a vowel, so a missed
 * elision shows; a message typed by a user with its own spacing) and each variant of its options.
 */

const NNBSP = "\u202f";
const LINK = "https://acme.localhost:3000/survey?token=abc.def:ghi&x=1";

/** Every value a template reads (tenantName is set by sendMail from the tenant's branding). */
const SAMPLE: Record<string, string> = {
  tenantName: "Institut Alpha",
  firstName: "Inès",
  inviterName: "Odile Martin",
  link: LINK,
  title: "Atelier Excel",
  course: "Anglais des affaires",
  courseTitle: "Excel avancé",
  version: "2",
  message: "Une question ? Appelez-nous : nous répondons vite !",
  number: "ACME-2026-000042",
  kind: "invoice",
  total: "1\u202f200,00\u00a0€",
  dueDate: "2026-03-31",
  when: "mardi 8 décembre 2026, 09:00–12:30 et 13:30–17:00 ; 7 h",
  zone: "heure de Paris",
  mode: "HYBRID",
  place: "Acme Formation — Salle 2, 12 rue de la République, 69002 Lyon",
  url: "https://hooks.acme.test/in?x=1",
  failures: "10",
  slot: "14:00–15:30",
  closing: "no",
  company: "Acme Industrie",
  learners: "3",
  contactName: "Amélie Roux",
  email: "amelie.roux@acme-industrie.test",
  phone: "06 11 22 33 44",
  reference: "RECL-2026-0042",
  subject: "Attestation manquante",
  category: "Administratif",
  severity: "Élevée",
  complainant: "Étienne Morel",
  critical: "no",
  slaDueAt: "mercredi 9 décembre 2026 à 10:00",
  name: "Éloïse Petit",
  receivedOn: "mardi 8 décembre 2026",
  answerDays: "15",
  answerDueOn: "mercredi 23 décembre 2026",
  resolution: "Votre attestation est jointe : merci de votre patience.",
  correctiveActions: "- Contrôle des envois\n- Relance automatique",
  id: "cpl_0123456789",
  description: "L'attestation n'est jamais arrivée ; j'ai relancé deux fois.",
  reason: "La réponse ne règle rien !",
  expiresAt: "mardi 5 janvier 2027 à 09:00",
};

/** The options of the templates, each tried on its own on top of SAMPLE. */
const VARIANTS: Record<string, string>[] = [
  {},
  { critical: "yes" },
  { closing: "yes" },
  { kind: "credit-note" },
  { mode: "PRESENTIAL" },
  { mode: "REMOTE", place: "" },
  { zone: "" },
  { message: "", phone: "", name: "", reference: "", correctiveActions: "", dueDate: "" },
  { learners: "1" },
];

const renderAll = (locale: "fr" | "en") =>
  MAIL_TEMPLATES.flatMap((template) => VARIANTS.map((variant, i) => ({ label: `${template} #${i}`, template, ...renderMail(template, locale, { ...SAMPLE, ...variant }) })));
const rendered = renderAll("fr");
const renderedEn = renderAll("en");

/** Values of SAMPLE that are codes (a delivery mode, a document kind, a record id): a template switches on them, never prints them. */
const CODES = /\b(?:HYBRID|PRESENTIAL|REMOTE|credit-note|cpl_\w+)\b/;

/** The text without its links and times, where a colon or question mark has no space before it. */
const prose = (s: string) => s.replaceAll(LINK, "").replace(/https?:\/\/\S+/g, "").replace(/\b\d{1,2}:\d{2}\b/g, "");

describe("French e-mails (renderMail, fr)", () => {
  it("covers every template", () => {
    expect(MAIL_TEMPLATES.length).toBeGreaterThanOrEqual(18);
  });

  it.each(rendered)("$label: U+202F before ? ! : ; and inside « », nothing else", ({ subject, text }) => {
    for (const s of [subject, text]) {
      // No other space (plain, no-break, thin) before the signs, and none missing.
      expect(s).not.toMatch(/[ \u00a0\u2009\t][?!:;]/);
      expect(prose(s)).not.toMatch(/(?<!\u202f)[?!:;]/);
      expect(s).not.toMatch(/«(?!\u202f)/);
      expect(s).not.toMatch(/(?<!\u202f)»/);
    }
  });

  it.each(rendered)("$label: no missed elision, no hole, no raw ISO date", ({ subject, text }) => {
    for (const s of [subject, text]) {
      // A name starting with a vowel after "de" is elided ("d'Acme"); "de la", "de Paris" are fine.
      expect(s).not.toMatch(/\bde [AEIOUYÀÂÉÈÊÎÏÔÛ]/);
      expect(s).not.toMatch(/undefined|null|NaN|\$\{|\[object/);
      expect(s).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(s).not.toMatch(CODES);
    }
  });

  it("links and times stay intact", () => {
    const survey = renderMail("survey-end-of-course", "fr", SAMPLE);
    expect(survey.text).toContain(`Répondre${NNBSP}: ${LINK}`);
    const reminder = renderMail("attendance-reminder", "fr", SAMPLE);
    expect(reminder.text).toContain("(14:00–15:30)");
    const convocation = renderMail("session-convocation", "fr", SAMPLE);
    expect(convocation.text).toContain(`Dates et horaires (heure de Paris)${NNBSP}: mardi 8 décembre 2026, 09:00–12:30 et 13:30–17:00${NNBSP}; 7 h`);
    expect(renderMail("webhook-disabled", "fr", SAMPLE).subject).toBe(`Webhook désactivé${NNBSP}: https://hooks.acme.test/in?x=1`);
  });

  it("the text a user typed gets French spacing too; a company starting with a vowel is elided", () => {
    const sign = renderMail("convention-sign", "fr", SAMPLE);
    expect(sign.text).toContain(`Une question${NNBSP}? Appelez-nous${NNBSP}: nous répondons vite${NNBSP}!`);
    expect(sign.text).toContain(`le document «${NNBSP}Atelier Excel${NNBSP}»`);
    expect(renderMail("quote-acknowledged", "fr", SAMPLE).text).toContain("pour 3 stagiaires d'Acme Industrie.");
    expect(renderMail("quote-acknowledged", "fr", { ...SAMPLE, company: "Boulangerie Durand" }).text).toContain("pour 3 stagiaires de Boulangerie Durand.");
    expect(renderMail("invoice-sent", "fr", SAMPLE).text).toContain("à régler avant le mardi 31 mars 2026.");
  });

  it("the mediator is given the complaint's reference, or none on an older complaint (never its id)", () => {
    expect(renderMail("complaint-mediation", "fr", SAMPLE).text).toContain("une réclamation pour médiation (référence RECL-2026-0042).");
    expect(renderMail("complaint-mediation", "fr", { ...SAMPLE, reference: "" }).text).toContain("une réclamation pour médiation.");
  });

  it("English is left as written", () => {
    for (const template of MAIL_TEMPLATES) {
      const { subject, text } = renderMail(template, "en", SAMPLE);
      expect(subject + text).not.toContain(`${NNBSP}:`);
    }
    expect(renderMail("session-convocation", "en", SAMPLE).subject).toBe("Invitation: Atelier Excel");
    expect(renderMail("convention-sign", "en", SAMPLE).text).toContain("Une question ? Appelez-nous : nous répondons vite !");
  });
});

describe("English e-mails (renderMail, en)", () => {
  it.each(renderedEn)("$label: no hole, no raw ISO date, no code value", ({ subject, text }) => {
    for (const s of [subject, text]) {
      expect(s).not.toMatch(/undefined|null|NaN|\$\{|\[object/);
      expect(s).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(s).not.toMatch(CODES);
    }
  });

  it("the invoice's due date is written out in English; the mediator gets the reference", () => {
    expect(renderMail("invoice-sent", "en", SAMPLE).text).toContain("for 1\u202f200,00\u00a0€, due by Tuesday 31 March 2026.");
    expect(renderMail("invoice-sent", "en", { ...SAMPLE, kind: "credit-note" }).text).not.toContain("due by");
    expect(renderMail("complaint-mediation", "en", SAMPLE).text).toContain("refers a complaint to you for mediation (reference RECL-2026-0042).");
  });
});
