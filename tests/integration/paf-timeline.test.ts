import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents, lessons, modules, questionnaires, quizAttempts } from "../../server/db/schema";
import { forTenant } from "../../server/db/tenant-scope";
import { newId } from "../../server/lib/ids";
import { createMember } from "../factories";
import { createSession, endSession, liveSession, MINUTE, newLearner, registerTo, signPin, startWorld, type Learner, type World } from "../helpers/attendance";
import { expectError, userByEmail, userIdOf } from "../helpers/rest";
import { issueTokens } from "../../server/services/auth/session-tokens";

/**
 * Issue #11 item 4: GET /paf/enrollments/{id}/timeline, the learner journey (Qualiopi
 * indicators 4 and 8), assembled from the records: an enrollment, a needs analysis, a positioning
 * attempt, a session signed (PIN) and attended, the final quiz, the certificate and an
 * improvement plan opened by the learner's HIGH complaint, on a manual clock.
 */

let w: World;
let learner: Learner;
const ids: Record<string, string> = {};
const scope = () => forTenant(w.acmeId);

async function attempt(questionnaireId: string, lessonId: string, percentage: number) {
  const id = newId("qat");
  await w.api.db.insert(quizAttempts).values(
    scope().values(quizAttempts, { id, enrollmentId: learner.enrollmentId, lessonId, questionnaireId, answers: [], score: percentage, maxScore: 100, percentage, passed: percentage >= 50, createdAt: w.now() }),
  );
  return id;
}

const timeline = (token: string, id = learner.enrollmentId, tenant = "acme") => w.api.call("GET", `/paf/enrollments/${id}/timeline`, { tenant, token });

beforeAll(async () => {
  w = await startWorld();
  const db = w.api.db;
  // 1. The enrollment (POST /enrollments).
  learner = await newLearner(w);
  ids.enrolledAt = w.now().toISOString();

  // 2. A needs analysis for this enrollment.
  await w.advance(3600);
  const company = await w.call("POST", "/companies", w.tok.admin, { name: "Atelier Martin" });
  const nda = await w.call("POST", "/needs-analysis", w.tok.admin, {
    companyId: company.body.data.id,
    enrollmentId: learner.enrollmentId,
    objectives: ["Porter secours à une victime"],
    currentLevel: "BEGINNER",
    targetLevel: "INTERMEDIATE",
    context: "Atelier de 12 personnes.",
    fundingSource: "OPCO",
  });
  expect(nda.status, JSON.stringify(nda.body)).toBe(201);
  ids.nda = nda.body.data.id;

  // 3. A positioning questionnaire of the course and the learner's attempt.
  await w.advance(3600);
  const mods = await db.select().from(modules).where(scope().where(modules, eq(modules.courseId, w.sst.id))).orderBy(asc(modules.position));
  const positioning = newId("qst");
  await db.insert(questionnaires).values(scope().values(questionnaires, { id: positioning, courseId: w.sst.id, kind: "POSITIONING" as const, title: "Positionnement SST" }));
  const posLesson = newId("les");
  await db.insert(lessons).values(scope().values(lessons, { id: posLesson, courseId: w.sst.id, moduleId: mods[0]!.id, title: "Test de positionnement", kind: "QUIZ" as const, questionnaireId: positioning, position: 90 }));
  ids.pre = await attempt(positioning, posLesson, 40);

  // 4. A session: signed by PIN while it is LIVE, then ended; another session never signed (absent).
  await w.advance(3600);
  const s = await liveSession(w, { scheduledAt: new Date(w.now().getTime() + 10 * MINUTE).toISOString(), title: "Session pratique" });
  ids.session = s.id;
  await registerTo(w, s.id, [learner]);
  const absent = await createSession(w, { scheduledAt: new Date(w.now().getTime() + 20 * MINUTE).toISOString(), title: "Session manquée" });
  await registerTo(w, absent.id, [learner]);
  await w.advance(15 * 60);
  const signed = await signPin(w, s.id, learner.token);
  ids.emargement = signed.id;
  ids.signedAt = signed.signedAt;
  ids.sessionEnd = new Date(s.scheduledAt.getTime() + 60 * MINUTE).toISOString();
  await w.advance(2 * 3600);
  await endSession(w, s.id);

  // 5. The final quiz (the QUIZ of the course's last quiz lesson); a non-final QUIZ attempt is not a post-questionnaire.
  const quizLessons = await db
    .select({ id: lessons.id, questionnaireId: lessons.questionnaireId, modulePosition: modules.position, position: lessons.position })
    .from(lessons)
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .where(and(eq(lessons.courseId, w.sst.id), eq(lessons.kind, "QUIZ")));
  const final = quizLessons.filter((l) => l.id !== posLesson).sort((a, b) => b.modulePosition - a.modulePosition || b.position - a.position)[0]!;
  ids.post = await attempt(final.questionnaireId!, final.id, 85);

  // 6. The certificate of completion.
  await w.advance(3600);
  ids.certificate = newId("doc");
  await db.insert(documents).values(
    scope().values(documents, {
      id: ids.certificate,
      kind: "CERTIFICATE" as const,
      subjectType: "ENROLLMENT" as const,
      subjectId: learner.enrollmentId,
      userId: learner.userId,
      enrollmentId: learner.enrollmentId,
      title: "Certificat de réalisation",
      fileName: "certificat.pdf",
      sha256: "a".repeat(64),
      sizeBytes: 1000,
      storagePath: `${w.acmeId}/${ids.certificate}`,
      generatedAt: w.now(),
    }),
  );

  // 7. The learner's HIGH complaint about the course opens a DRAFT improvement plan; one about no course does not count.
  await w.advance(3600);
  const cpl = await w.call("POST", "/complaints", w.tok.admin, { subject: "Salle trop petite", description: "Pas assez de place pour les exercices.", category: "COURSE_QUALITY", severity: "HIGH", courseId: w.sst.id, channel: "PHONE", complainantUserId: learner.userId });
  expect(cpl.status, JSON.stringify(cpl.body)).toBe(201);
  ids.complaint = cpl.body.data.id;
  ids.plan = cpl.body.data.improvementPlanId;
  await w.advance(60);
  expect((await w.call("POST", "/complaints", learner.token, { subject: "Facture", description: "Erreur de montant.", category: "BILLING", severity: "HIGH" })).status).toBe(201);
  await w.advance(60);
}, 180_000);
afterAll(() => w.close());

describe("GET /paf/enrollments/{id}/timeline", () => {
  it("all 8 event types, from the records, ascending by date, with their metadata", async () => {
    const res = await timeline(learner.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.enrollmentId).toBe(learner.enrollmentId);
    const events = res.body.data.events as { date: string; type: string; description: string; metadata: Record<string, unknown> }[];
    expect(events.map((e) => e.type)).toEqual([
      "ENROLLMENT_CREATED",
      "NEEDS_ANALYSIS_COMPLETED",
      "PRE_QUESTIONNAIRE_COMPLETED",
      "EMARGEMENT_SIGNED",
      "SESSION_ATTENDED",
      "POST_QUESTIONNAIRE_COMPLETED",
      "CERTIFICATE_ISSUED",
      "IMPROVEMENT_PLAN_CREATED",
    ]);
    const dates = events.map((e) => e.date);
    expect(dates).toEqual([...dates].sort());
    expect(events[0]).toMatchObject({ date: ids.enrolledAt, metadata: { enrollmentId: learner.enrollmentId, courseId: w.sst.id, userId: learner.userId } });
    expect(events[1]!.metadata).toMatchObject({ needsAnalysisId: ids.nda, currentLevel: "BEGINNER", targetLevel: "INTERMEDIATE", fundingSource: "OPCO" });
    expect(events[2]!.metadata).toMatchObject({ attemptId: ids.pre, questionnaireKind: "POSITIONING", percentage: 40 });
    expect(events[3]).toMatchObject({ date: ids.signedAt, metadata: { emargementId: ids.emargement, sessionId: ids.session, method: "PIN" } });
    expect(events[4]).toMatchObject({ date: ids.sessionEnd, metadata: { sessionId: ids.session, attendanceStatus: "PRESENT", minutes: 60 } });
    expect(events[5]!.metadata).toMatchObject({ attemptId: ids.post, questionnaireKind: "QUIZ", percentage: 85, passed: true });
    expect(events[6]!.metadata).toMatchObject({ documentId: ids.certificate });
    expect(events[7]!.metadata).toEqual({ improvementPlanId: ids.plan, complaintId: ids.complaint, status: "DRAFT" });
    for (const e of events) expect(e.description.length).toBeGreaterThan(0);
    expect(events[4]!.description).toBe('Attended "Session pratique" (PRESENT, 60 min)');
  });

  it("the learner, an ADMIN and the course's owning CREATOR read the same timeline", async () => {
    const mine = (await timeline(learner.token)).body;
    const admin = await timeline(w.tok.admin);
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual(mine);
    const creator = await timeline(w.tok.creator);
    expect(creator.status).toBe(200);
    expect(creator.body).toEqual(mine);
  });

  it("another learner, a trainer, a CREATOR who does not own the course: 404; another tenant: 404; unknown id: 404", async () => {
    expectError(await timeline(w.tok.learner2), 404, "Enrollment not found");
    expectError(await timeline(w.tok.trainer), 404);
    await createMember(w.api.db, w.acmeId, "CREATOR", "creator.other@acme.test");
    const user = await userByEmail(w.api, "creator.other@acme.test");
    const otherCreator = (await issueTokens(w.api.db, user!, { id: w.acmeId, slug: "acme" }, w.now())).accessToken;
    expectError(await timeline(otherCreator), 404);
    const cross = await timeline(w.tok.globexAdmin, learner.enrollmentId, "globex");
    expectError(cross, 404);
    expect(cross.body.code).toBe("ENROLLMENT_NOT_FOUND");
    expectError(await timeline(w.tok.admin, "enr_unknown"), 404);
    expectError(await w.api.call("GET", `/paf/enrollments/${learner.enrollmentId}/timeline`, { tenant: "acme" }), 401);
  });

  it("an enrollment with nothing else has only ENROLLMENT_CREATED; a needs analysis for another enrollment does not leak", async () => {
    const other = await newLearner(w);
    expect(await userIdOf(w.api, other.email)).toBe(other.userId);
    const res = await timeline(other.token, other.enrollmentId);
    expect(res.status).toBe(200);
    expect(res.body.data.events.map((e: { type: string }) => e.type)).toEqual(["ENROLLMENT_CREATED"]);
  });
});
