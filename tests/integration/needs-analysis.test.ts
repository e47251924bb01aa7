import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorld, type World } from "../helpers/attendance";
import { eq } from "drizzle-orm";
import { courses } from "../../server/db/schema";
import { createLearningCourse } from "../factories/learning";
import { withEnv } from "../helpers/env-patch";
import { startFakeAiServer } from "../helpers/fake-ai-server";
import { auditRows, expectError, expectUnknownFields } from "../helpers/rest";

/**
 * Issue #11 item 4: client companies (billing clients of kind COMPANY or OPCO since #23 item 7) and training-needs analyses (nda_), Qualiopi
 * indicators 4 and 8, through the REST surface. The recommendations come from the tenant's
 * PUBLISHED catalogue (the demo courses, plus two welding and drawing courses made here, and a
 * DRAFT one) through the local AI provider.
 */

let w: World;
/** POST /companies creates a COMPANY billing client (#23 item 7: one list of companies). */
const CLI = /^cli_[a-z0-9]{24}$/;
const NDA = /^nda_[a-z0-9]{24}$/;
let acmeCompany: { id: string; name: string };
let globexCompany: { id: string };
let weldId: string;
let drawId: string;

const OBJ_WELD = "Souder à l'arc électrique des pièces d'acier";
const OBJ_DRAW = "Lire un plan de fabrication mécanique";
const OBJ_NONE = "Piloter un projet agile avec Scrum";
const OBJ_DRAFT = "Cuisiner une pâtisserie viennoise";

const analysisBody = (extra: Record<string, unknown> = {}) => ({
  companyId: acmeCompany.id,
  objectives: [OBJ_WELD, OBJ_DRAW, OBJ_NONE],
  currentLevel: "BEGINNER",
  targetLevel: "ADVANCED",
  context: "PME de 40 salariés, équipes administratives et atelier.",
  fundingSource: "OPCO",
  ...extra,
});

beforeAll(async () => {
  w = await startWorld();
  const res = await w.call("POST", "/companies", w.tok.admin, { name: "Boulangerie Durand", siret: "552 100 554 00013", contactName: "Marc Durand", contactEmail: "Marc@Durand.test", opcoName: "OPCO EP" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  acmeCompany = res.body.data;
  const g = await w.api.call("POST", "/companies", { tenant: "globex", token: w.tok.globexAdmin, body: { name: "Globex client" } });
  expect(g.status, JSON.stringify(g.body)).toBe(201);
  globexCompany = g.body.data;
  const course = async (title: string, description: string, level: "BEGINNER" | "INTERMEDIATE" | "EXPERT", duration: number | null, status: "PUBLISHED" | "DRAFT" = "PUBLISHED") => {
    const c = await createLearningCourse(w.api.db, w.acmeId, { creatorId: w.uid.creator, title, status });
    await w.api.db.update(courses).set({ description, level, duration, format: "PRESENTIAL" }).where(eq(courses.id, c.id));
    return c.id;
  };
  weldId = await course("Soudure à l'arc : les bases", "Souder l'acier à l'arc électrique en toute sécurité.", "INTERMEDIATE", 21);
  drawId = await course("Lecture de plans", "Lire et interpréter un plan de fabrication mécanique.", "BEGINNER", 14);
  await course("Pâtisserie viennoise", "Cuisiner croissants et pâtisserie viennoise.", "BEGINNER", 7, "DRAFT");
}, 120_000);
afterAll(() => w.close());

describe("companies", () => {
  it("POST /companies: 201 with the company; SIRET spaces removed, e-mail lower-cased; audited", async () => {
    expect(acmeCompany).toEqual({
      id: expect.stringMatching(CLI),
      kind: "COMPANY",
      name: "Boulangerie Durand",
      siret: "55210055400013",
      contactName: "Marc Durand",
      contactEmail: "marc@durand.test",
      contactPhone: null,
      opcoName: "OPCO EP",
      createdAt: w.now().toISOString(),
      updatedAt: w.now().toISOString(),
    });
    expect(await auditRows(w.api, "billing_client.created", { targetId: acmeCompany.id })).toHaveLength(1);
  });

  it("400 for a SIRET failing the check digit, a missing name or a bad e-mail (errors names the field), and for an unknown field", async () => {
    const bad = await w.call("POST", "/companies", w.tok.admin, { name: "X", siret: "12345678901234" });
    expectError(bad, 400, "Validation failed");
    expect(Object.keys(bad.body.errors)).toEqual(["siret"]);
    const short = await w.call("POST", "/companies", w.tok.admin, { name: "X", siret: "1234" });
    expectError(short, 400);
    expect(Object.keys(short.body.errors)).toEqual(["siret"]);
    const noName = await w.call("POST", "/companies", w.tok.admin, { siret: "44306184100047" });
    expectError(noName, 400);
    expect(Object.keys(noName.body.errors)).toEqual(["name"]);
    const mail = await w.call("POST", "/companies", w.tok.admin, { name: "X", contactEmail: "nope" });
    expect(Object.keys(mail.body.errors)).toEqual(["contactEmail"]);
    expectUnknownFields(await w.call("POST", "/companies", w.tok.admin, { name: "X", tenantId: "ten_x" }), ["tenantId"]);
  });

  it("roles: ADMIN writes; CREATOR reads only (403 on writes); LEARNER, TRAINER 403", async () => {
    expectError(await w.call("POST", "/companies", w.tok.creator, { name: "Par le créateur" }), 403);
    expectError(await w.call("PATCH", `/companies/${acmeCompany.id}`, w.tok.creator, { name: "Y" }), 403);
    const read = await w.call("GET", `/companies/${acmeCompany.id}`, w.tok.creator);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(acmeCompany);
    expectError(await w.call("GET", "/companies", w.tok.learner), 403);
    expectError(await w.call("GET", `/companies/${acmeCompany.id}`, w.tok.trainer), 403);
    expectError(await w.call("POST", "/needs-analysis", w.tok.learner, analysisBody()), 403);
  });

  it("PATCH changes only the fields sent; null clears; 400 bad SIRET; another tenant's company is 404", async () => {
    const c = (await w.call("POST", "/companies", w.tok.admin, { name: "Garage Petit", contactPhone: "01 02 03 04 05" })).body.data;
    await w.advance(60);
    const res = await w.call("PATCH", `/companies/${c.id}`, w.tok.admin, { siret: "44306184100047", contactPhone: null, opcoName: "AKTO" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: c.id, name: "Garage Petit", siret: "44306184100047", contactPhone: null, opcoName: "AKTO", createdAt: c.createdAt, updatedAt: w.now().toISOString() });
    expectError(await w.call("PATCH", `/companies/${c.id}`, w.tok.admin, { siret: "44306184100048" }), 400);
    expectError(await w.call("PATCH", `/companies/${globexCompany.id}`, w.tok.admin, { name: "Volé" }), 404, "Company not found");
    const get = await w.call("GET", `/companies/${globexCompany.id}`, w.tok.admin);
    expectError(get, 404);
    expect(get.body.code).toBe("COMPANY_NOT_FOUND");
    expectError(await w.call("GET", "/companies/cmp_doesnotexist", w.tok.admin), 404);
  });

  it("GET /companies: by name, paginated (meta total/page/perPage), search on name or SIRET; never another tenant's", async () => {
    for (const name of ["Zeta Industrie", "Alpha Conseil", "Mu Logistique"]) expect((await w.call("POST", "/companies", w.tok.admin, { name })).status).toBe(201);
    const all = await w.call("GET", "/companies?perPage=100", w.tok.admin);
    expect(all.status).toBe(200);
    const names = all.body.data.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names).not.toContain("Globex client");
    const total = all.body.meta.total;
    expect(total).toBe(all.body.data.length);
    const page2 = await w.call("GET", "/companies?perPage=2&page=2", w.tok.admin);
    expect(page2.body.meta).toEqual({ total, page: 2, perPage: 2 });
    expect(page2.body.data.map((c: { name: string }) => c.name)).toEqual(names.slice(2, 4));
    const search = await w.call("GET", "/companies?search=alpha", w.tok.creator);
    expect(search.body.data.map((c: { name: string }) => c.name)).toEqual(["Alpha Conseil"]);
    const bySiret = await w.call("GET", "/companies?search=5521005", w.tok.admin);
    expect(bySiret.body.data.map((c: { id: string }) => c.id)).toEqual([acmeCompany.id]);
    expectError(await w.call("GET", "/companies?perPage=500", w.tok.admin), 400);
  });
});

describe("POST /needs-analysis", () => {
  it("201 {id, recommendations, gapAnalysis} from the PUBLISHED catalogue and the level gap (local provider, deterministic)", async () => {
    const res = await w.call("POST", "/needs-analysis", w.tok.admin, analysisBody());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const d = res.body.data;
    expect(Object.keys(d).sort()).toEqual(["gapAnalysis", "id", "recommendations"]);
    expect(d.id).toMatch(NDA);
    // Welding (INTERMEDIATE) and drawing (BEGINNER) both lie on the way BEGINNER -> ADVANCED (fit 1), each covers 1 of 3: 70/3 + 30 = 53; ties by title.
    expect(d.recommendations).toEqual([
      {
        courseId: drawId,
        title: "Lecture de plans",
        level: "BEGINNER",
        format: "PRESENTIAL",
        duration: 14,
        matchedObjectives: [OBJ_DRAW],
        relevance: 53,
        reason: expect.stringContaining("convient au passage du niveau débutant au niveau avancé"),
      },
      {
        courseId: weldId,
        title: "Soudure à l'arc : les bases",
        level: "INTERMEDIATE",
        format: "PRESENTIAL",
        duration: 21,
        matchedObjectives: [OBJ_WELD],
        relevance: 53,
        reason: expect.stringContaining("Couvre 1 objectif sur 3"),
      },
    ]);
    expect(d.gapAnalysis).toEqual({
      currentLevel: "BEGINNER",
      targetLevel: "ADVANCED",
      levelGap: 2,
      steps: ["INTERMEDIATE", "ADVANCED"],
      coveredObjectives: [OBJ_WELD, OBJ_DRAW],
      uncoveredObjectives: [OBJ_NONE],
      estimatedHours: 35,
      summary: expect.stringContaining(`Non couverts (formation sur mesure à concevoir) : ${OBJ_NONE}.`),
    });
    expect(d.gapAnalysis.summary).toContain("Écart de 2 niveaux du niveau débutant au niveau avancé");
    expect(d.gapAnalysis.summary).toContain("Financement prévu : OPCO.");
    // The same request gives the same answer.
    const again = await w.call("POST", "/needs-analysis", w.tok.creator, analysisBody());
    expect(again.body.data.recommendations).toEqual(d.recommendations);
    expect(again.body.data.gapAnalysis).toEqual(d.gapAnalysis);
    expect(await auditRows(w.api, "needs_analysis.created", { targetId: d.id })).toHaveLength(1);
  });

  it("a DRAFT course is never recommended; a course above the target level ranks lower; no objective covered: no recommendation", async () => {
    const draft = await w.call("POST", "/needs-analysis", w.tok.admin, analysisBody({ objectives: [OBJ_DRAFT], currentLevel: "INTERMEDIATE", targetLevel: "INTERMEDIATE", fundingSource: undefined }));
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(draft.body.data.recommendations).toEqual([]);
    expect(draft.body.data.gapAnalysis).toMatchObject({ levelGap: 0, steps: [], coveredObjectives: [], uncoveredObjectives: [OBJ_DRAFT], estimatedHours: null });
    expect(draft.body.data.gapAnalysis.summary).toContain("Aucun niveau à gagner");
    // Target BEGINNER: drawing fits (1), welding (INTERMEDIATE) is above the target (0); each covers 1 of 2: 35 + 30 = 65 vs 35 + 0 = 35.
    const low = await w.call("POST", "/needs-analysis", w.tok.admin, analysisBody({ objectives: [OBJ_WELD, OBJ_DRAW], currentLevel: "BEGINNER", targetLevel: "BEGINNER" }));
    const recs = low.body.data.recommendations as { courseId: string; relevance: number }[];
    expect(recs.map((r) => [r.courseId, r.relevance])).toEqual([
      [drawId, 65],
      [weldId, 35],
    ]);
  });

  it("400 for bad levels or funding source (errors names each field), empty objectives or context, and an unknown field", async () => {
    const levels = await w.call("POST", "/needs-analysis", w.tok.admin, analysisBody({ currentLevel: "NOVICE", targetLevel: "GURU" }));
    expectError(levels, 400, "Validation failed");
    expect(Object.keys(levels.body.errors).sort()).toEqual(["currentLevel", "targetLevel"]);
    const funding = await w.call("POST", "/needs-analysis", w.tok.admin, analysisBody({ fundingSource: "EMPLOYER" }));
    expectError(funding, 400);
    expect(Object.keys(funding.body.errors)).toEqual(["fundingSource"]);
    const empty = await w.call("POST", "/needs-analysis", w.tok.admin, analysisBody({ objectives: [], context: " " }));
    expectError(empty, 400);
    expect(Object.keys(empty.body.errors).sort()).toEqual(["context", "objectives"]);
    expectUnknownFields(await w.call("POST", "/needs-analysis", w.tok.admin, analysisBody({ recommendations: [] })), ["recommendations"]);
  });

  it("404 for an unknown or another tenant's company or enrollment", async () => {
    const company = await w.call("POST", "/needs-analysis", w.tok.admin, analysisBody({ companyId: globexCompany.id }));
    expectError(company, 404, "Company not found");
    expect(company.body.code).toBe("COMPANY_NOT_FOUND");
    const [globexEnrollment] = await w.api.db.execute<{ id: string }>(
      // the globex learner's enrollment id (another tenant's)
      (await import("drizzle-orm")).sql`select id from enrollments where tenant_id = ${w.globexId} limit 1`,
    ).then((r: any) => (Array.isArray(r) ? r : r.rows));
    const enrollment = await w.call("POST", "/needs-analysis", w.tok.admin, analysisBody({ enrollmentId: globexEnrollment.id }));
    expectError(enrollment, 404, "Enrollment not found");
    expectError(await w.call("POST", "/needs-analysis", w.tok.admin, analysisBody({ enrollmentId: "enr_nope" })), 404);
  });

  it("debits no AI credits", async () => {
    const before = (await w.call("GET", "/ai/credits", w.tok.admin)).body.data.balance;
    expect((await w.call("POST", "/needs-analysis", w.tok.admin, analysisBody())).status).toBe(201);
    expect((await w.call("GET", "/ai/credits", w.tok.admin)).body.data.balance).toBe(before);
  });
});

describe("GET /needs-analysis", () => {
  it("newest first, paginated, filtered by companyId; the detail has every field; another tenant's is 404", async () => {
    const other = (await w.call("POST", "/companies", w.tok.admin, { name: "Filtre SARL" })).body.data;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      await w.advance(1);
      const r = await w.call("POST", "/needs-analysis", w.tok.creator, analysisBody({ companyId: other.id, objectives: [`${OBJ_WELD} ${i}`] }));
      expect(r.status).toBe(201);
      ids.push(r.body.data.id);
    }
    const list = await w.call("GET", `/needs-analysis?companyId=${other.id}&perPage=2`, w.tok.admin);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.meta).toEqual({ total: 3, page: 1, perPage: 2 });
    expect(list.body.data.map((a: { id: string }) => a.id)).toEqual([ids[2], ids[1]]);
    const p2 = await w.call("GET", `/needs-analysis?companyId=${other.id}&perPage=2&page=2`, w.tok.creator);
    expect(p2.body.data.map((a: { id: string }) => a.id)).toEqual([ids[0]]);
    expect(p2.body.data[0]).toMatchObject({ companyId: other.id, companyName: "Filtre SARL", enrollmentId: null, currentLevel: "BEGINNER", targetLevel: "ADVANCED", fundingSource: "OPCO", provider: "local", createdBy: w.uid.creator });
    const all = await w.call("GET", "/needs-analysis", w.tok.admin);
    expect(all.body.meta.total).toBeGreaterThan(3);
    expect(all.body.data[0].id).toBe(ids[2]);

    const detail = await w.call("GET", `/needs-analysis/${ids[0]}`, w.tok.admin);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toEqual(p2.body.data[0]);
    expectError(await w.call("GET", `/needs-analysis/${ids[0]}`, w.tok.learner), 403);
    const cross = await w.api.call("GET", `/needs-analysis/${ids[0]}`, { tenant: "globex", token: w.tok.globexAdmin });
    expectError(cross, 404, "Needs analysis not found");
    expect(cross.body.code).toBe("NEEDS_ANALYSIS_NOT_FOUND");
    const crossList = await w.api.call("GET", `/needs-analysis?companyId=${other.id}`, { tenant: "globex", token: w.tok.globexAdmin });
    expect(crossList.body).toEqual({ data: [], meta: { total: 0, page: 1, perPage: 20 } });
    expectError(await w.call("GET", "/needs-analysis", w.tok.learner), 403);
  });
});

describe("POST /needs-analysis with AI_PROVIDER=openai", () => {
  it("the model's answer is kept only where it is sound: catalogue courses once, own objectives, relevance 0-100; the gap is computed; a malformed answer is 503 and saves nothing", async () => {
    const fake = await startFakeAiServer({ apiKey: "sk-needs", model: "fake-needs" });
    try {
      await withEnv({ AI_PROVIDER: "openai", AI_BASE_URL: fake.url, AI_API_KEY: "sk-needs", AI_MODEL: "fake-needs", AI_TIMEOUT_SECONDS: "5" }, async () => {
        fake.reply({
          content: {
            recommendations: [
              { courseId: "crs_invented", matchedObjectives: [OBJ_WELD], relevance: 99, reason: "Not in the catalogue." },
              { courseId: weldId, matchedObjectives: [OBJ_WELD, "An objective nobody asked for"], relevance: 150, reason: "Welding." },
              { courseId: weldId, matchedObjectives: [OBJ_DRAW], relevance: 10, reason: "Duplicate." },
            ],
            summary: "Model summary.",
          },
        });
        const res = await w.call("POST", "/needs-analysis", w.tok.admin, analysisBody());
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect(res.body.data.recommendations).toEqual([
          { courseId: weldId, title: "Soudure à l'arc : les bases", level: "INTERMEDIATE", format: "PRESENTIAL", duration: 21, matchedObjectives: [OBJ_WELD], relevance: 100, reason: "Welding." },
        ]);
        expect(res.body.data.gapAnalysis).toEqual({
          currentLevel: "BEGINNER",
          targetLevel: "ADVANCED",
          levelGap: 2,
          steps: ["INTERMEDIATE", "ADVANCED"],
          coveredObjectives: [OBJ_WELD],
          uncoveredObjectives: [OBJ_DRAW, OBJ_NONE],
          estimatedHours: 21,
          summary: "Model summary.",
        });
        const sent = fake.requests.at(-1)!;
        expect(sent.body.model).toBe("fake-needs");
        expect(sent.body.messages[1]!.content).toContain(weldId);
        expect((await w.call("GET", `/needs-analysis/${res.body.data.id}`, w.tok.admin)).body.data.provider).toBe("openai");

        const before = (await w.call("GET", "/needs-analysis", w.tok.admin)).body.meta.total;
        fake.reply({ content: { recommendations: "nope" } });
        const bad = await w.call("POST", "/needs-analysis", w.tok.admin, analysisBody());
        expectError(bad, 503);
        expect((await w.call("GET", "/needs-analysis", w.tok.admin)).body.meta.total).toBe(before);
      });
    } finally {
      await fake.close();
    }
  });
});
