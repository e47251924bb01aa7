import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollments, lessonProgress, quizAttempts } from "../../server/db/schema";
import { newId } from "../../server/lib/ids";
import { startApi, type TestApi } from "../helpers/api";
import { createBulk, createCourse, minimalCourse, clearTenantNda, PUBLICATION_BLOCKERS, publishableBulk } from "../helpers/courses";
import { expectError, tenantBySlug, userIdOf } from "../helpers/rest";
import { createMember, tokenFor } from "../factories";

let api: TestApi;
let acmeId: string;
let admin: string;
let creator: string;
let creator2: string;
let learner: string;

beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  await clearTenantNda(api, acmeId);
  await createMember(api.db, acmeId, "CREATOR", "creator2@acme.test");
  [admin, creator, creator2, learner] = (await Promise.all(["admin", "creator", "creator2", "learner"].map((l) => tokenFor(api, "acme", l)))) as [string, string, string, string];
});
afterAll(() => api.close());

const get = (path: string, token?: string, tenant = "acme") => api.call("GET", path, { tenant, token });

const rule = (indicator: number, field: string, code: string, message: string) => ({ indicator, field, code, params: { field }, message });
const WARNINGS = [
  rule(21, "trainers", "NO_PRIMARY_TRAINER", "No PRIMARY trainer assigned (indicator 21: trainer competencies)"),
  rule(8, "questionnaires", "NO_POSITIONING_QUESTIONNAIRE", "No POSITIONING questionnaire (indicator 8: entry positioning)"),
  rule(11, "questionnaires", "NO_QUIZ", "No QUIZ questionnaire (indicator 11: assessment of the objectives)"),
  rule(30, "questionnaires", "NO_SATISFACTION_SURVEY", "No SATISFACTION questionnaire (indicator 30: feedback collection)"),
];

describe("GET /courses/{id}/qualiopi-status", () => {
  it("lists every blocker with its indicator and field, and scores the course", async () => {
    const c = await createCourse(api, "acme", creator, minimalCourse({ title: "Statut vide" }));
    const res = await get(`/courses/${c.id}/qualiopi-status`, creator);
    expect(res.status).toBe(200);
    const { valid, errors, check } = res.body.data;
    expect(valid).toBe(false);
    expect(errors).toEqual(PUBLICATION_BLOCKERS);
    expect(check.blockers).toEqual([
      rule(5, "pedagogicalObjectives", "FIELD_REQUIRED", "pedagogicalObjectives is required"),
      rule(1, "prerequisites", "FIELD_REQUIRED", "prerequisites is required"),
      rule(6, "targetAudience", "FIELD_REQUIRED", "targetAudience is required"),
      rule(6, "teachingMethods", "FIELD_REQUIRED", "teachingMethods is required"),
      rule(11, "evaluationMethods", "FIELD_REQUIRED", "evaluationMethods is required"),
      rule(26, "accessibilityInfo", "FIELD_REQUIRED", "accessibilityInfo is required"),
      rule(26, "disabilityReferentContact", "FIELD_REQUIRED", "disabilityReferentContact is required"),
      rule(1, "duration", "DURATION_REQUIRED", "duration must be greater than 0"),
      rule(6, "modules", "MODULES_REQUIRED", "modules: at least one module with at least one lesson is required"),
      rule(1, "activityNumber", "ACTIVITY_NUMBER_REQUIRED", "activityNumber is required (OF mode)"),
    ]);
    expect(check.warnings).toEqual(WARNINGS);
    // 16 applicable checks, 2 met (title, description); indicators 1, 5, 6, 8, 11, 21, 26, 30
    expect(check).toMatchObject({ canPublish: false, score: 13, indicatorsTotal: 8, indicatorsCovered: 0 });
  });

  it("a publishable course is valid; warnings remain until trainers and questionnaires exist", async () => {
    const c = await createBulk(api, "acme", creator, publishableBulk({ title: "Statut prêt" }));
    const res = await get(`/courses/${c.id}/qualiopi-status`, creator);
    expect(res.body.data).toMatchObject({ valid: true, errors: [], check: { canPublish: true, blockers: [], score: 75, indicatorsTotal: 8, indicatorsCovered: 4 } });
    expect(res.body.data.check.warnings).toEqual(WARNINGS);

    const q = (kind: string) => ({ title: kind, kind, questions: [{ kind: "FREE_TEXT", prompt: "?" }] });
    const full = await createBulk(api, "acme", creator, publishableBulk({ title: "Statut parfait", certificationNumber: "RS1", certificationValidUntil: "2099-01-01", questionnaires: [q("QUIZ"), q("POSITIONING"), q("SATISFACTION")] }));
    await api.call("PUT", `/courses/${full.id}/trainers`, { tenant: "acme", token: creator, body: { trainers: [{ userId: await userIdOf(api, "trainer@acme.test"), role: "PRIMARY" }] } });
    const perfect = await get(`/courses/${full.id}/qualiopi-status`, admin);
    expect(perfect.body.data.check).toEqual({ canPublish: true, score: 100, indicatorsCovered: 9, indicatorsTotal: 9, blockers: [], warnings: [] });
  });

  it("flags an expired certification as a blocker and a certification without validity as a warning", async () => {
    const expired = await createBulk(api, "acme", creator, publishableBulk({ title: "Certif expirée", certificationNumber: "RS2", certificationValidUntil: "2001-01-01" }));
    const a = (await get(`/courses/${expired.id}/qualiopi-status`, creator)).body.data;
    expect(a.errors).toEqual(["certificationValidUntil is in the past"]);
    expect(a.check.blockers).toEqual([rule(7, "certificationValidUntil", "CERTIFICATION_EXPIRED", "certificationValidUntil is in the past")]);
    const undated = await createBulk(api, "acme", creator, publishableBulk({ title: "Certif sans date", certificationNumber: "RS3" }));
    const b = (await get(`/courses/${undated.id}/qualiopi-status`, creator)).body.data;
    expect(b.valid).toBe(true);
    expect(b.check.warnings).toContainEqual(rule(7, "certificationValidUntil", "CERTIFICATION_DATE_MISSING", "certificationNumber is set without certificationValidUntil"));
  });

  it("answers 401, 403 (LEARNER; another creator's draft) and 404", async () => {
    const c = await createCourse(api, "acme", creator, minimalCourse({ title: "Statut privé" }));
    expectError(await get(`/courses/${c.id}/qualiopi-status`), 401);
    expectError(await get(`/courses/${c.id}/qualiopi-status`, learner), 403, "Forbidden: CREATOR or ADMIN required");
    expectError(await get(`/courses/${c.id}/qualiopi-status`, creator2), 403);
    expect((await get(`/courses/${c.id}/qualiopi-status`, admin)).status).toBe(200);
    expectError(await get("/courses/crs_missing/qualiopi-status", creator), 404, "Course not found");
  });
});

describe("GET /courses/{id}/qualiopi-info", () => {
  it("gives the legal fields of a published course to any member", async () => {
    const c = await createBulk(api, "acme", creator, publishableBulk({ title: "Infos légales", certificationNumber: "RS9", certificationValidUntil: "2099-06-30", publish: true }));
    const res = await get(`/courses/${c.id}/qualiopi-info`, learner);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      activityNumber: "11 75 12345 75",
      certificationNumber: "RS9",
      certificationValidUntil: "2099-06-30",
      certificationValid: true,
      disabilityReferentContact: "referent@acme.test",
      accessibilityInfo: "Accessible aux personnes en situation de handicap.",
    });
    const plain = await createCourse(api, "acme", creator, minimalCourse({ title: "Infos brouillon" }));
    expect((await get(`/courses/${plain.id}/qualiopi-info`, creator)).body.data).toMatchObject({ activityNumber: null, certificationValid: null });
  });

  it("answers 404 for a draft outside its owner, 401 without a token", async () => {
    const d = await createCourse(api, "acme", creator, minimalCourse({ title: "Infos cachées" }));
    expectError(await get(`/courses/${d.id}/qualiopi-info`, learner), 404);
    expectError(await get(`/courses/${d.id}/qualiopi-info`), 401);
    expectError(await get("/courses/crs_missing/qualiopi-info", admin), 404);
  });
});

describe("GET /courses/{id}/public-stats", () => {
  it("computes the success rate, average progress and quiz average", async () => {
    const c = await createBulk(
      api,
      "acme",
      creator,
      publishableBulk({
        title: "Statistiques",
        publish: true,
        modules: [{ title: "M", lessons: [{ title: "Texte", kind: "TEXT" }, { title: "Quiz", kind: "QUIZ" }] }],
        questionnaires: [{ title: "Q", kind: "QUIZ", questions: [{ kind: "TRUE_FALSE", prompt: "?", choices: [{ label: "V", correct: true }, { label: "F", correct: false }] }] }],
      }),
    );
    const empty = await get(`/courses/${c.id}/public-stats`, learner);
    expect(empty.body.data).toEqual({ enrollments: 0, active: 0, completed: 0, successRate: 0, averageProgress: 0, averageQuizScore: null });

    const detail = (await get(`/courses/by-id/${c.id}`, creator)).body.data;
    const [text, quiz] = detail.modules[0].lessons;
    const qnr = detail.questionnaires[0].id;
    const enroll = async (email: string, status: "ACTIVE" | "COMPLETED" | "CANCELLED", done: string[], score?: number) => {
      const id = newId("enr");
      await api.db.insert(enrollments).values({ id, tenantId: acmeId, courseId: c.id, userId: await userIdOf(api, email), status });
      for (const lessonId of done) await api.db.insert(lessonProgress).values({ id: newId("prg"), tenantId: acmeId, enrollmentId: id, lessonId, status: "COMPLETED" });
      if (score !== undefined) {
        await api.db.insert(quizAttempts).values({ id: newId("qat"), tenantId: acmeId, enrollmentId: id, lessonId: quiz.id, questionnaireId: qnr, answers: [], score, maxScore: 100, percentage: score, passed: score >= 50 });
      }
    };
    await enroll("learner@acme.test", "ACTIVE", [text.id], 60);
    await enroll("learner2@acme.test", "COMPLETED", [text.id, quiz.id], 80);
    await enroll("finance@acme.test", "CANCELLED", [text.id], 10);

    const res = await get(`/courses/${c.id}/public-stats`, learner);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ enrollments: 3, active: 1, completed: 1, successRate: 0.3333, averageProgress: 0.75, averageQuizScore: 70 });
  });

  it("answers 404 for an invisible or unknown course and 401 without a token", async () => {
    const d = await createCourse(api, "acme", creator, minimalCourse({ title: "Stats cachées" }));
    expectError(await get(`/courses/${d.id}/public-stats`, learner), 404);
    expect((await get(`/courses/${d.id}/public-stats`, creator)).status).toBe(200);
    expectError(await get(`/courses/${d.id}/public-stats`), 401);
    expectError(await get("/courses/crs_missing/public-stats", admin), 404);
  });
});
