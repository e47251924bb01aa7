import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLogs, surveyInvitations, surveyResponses } from "../../server/db/schema";
import { enqueue } from "../../server/jobs/queue";
import { createMember } from "../factories";
import { createLearningCourse, type SeededCourse } from "../factories/learning";
import { HOUR, newLearner, startWorld, type Learner, type World } from "../helpers/attendance";
import { drainJobs } from "../helpers/jobs";
import { expectError, expectUnknownFields, tamperedToken } from "../helpers/rest";
import { mailsTo } from "../helpers/sessions";
import { tokenFor } from "../factories";

/**
 * Issue #11 item 5: satisfaction surveys (Qualiopi indicators 2 and 30) through the REST
 * surface, on a manual clock: the end-of-course survey e-mailed by the job worker when an
 * enrollment completes, the follow-up SURVEY_FOLLOW_UP_DAYS (90) later, the signed link
 * (answer once, expiry after SURVEY_LINK_TTL_DAYS = 30), the aggregated results, roles and tenants.
 */

let w: World;
let course: SeededCourse;
let bare: SeededCourse;
let questionnaireId: string;
let q: { rating: string; ratingChoices: Record<string, string>; recommend: string; yes: string; no: string; comment: string };
const DAY = 24 * HOUR;
const SVR = /^svr_[a-z0-9]{24}$/;

beforeAll(async () => {
  w = await startWorld();
  course = await createLearningCourse(w.api.db, w.acmeId, { creatorId: w.uid.creator, title: "Gestes et postures", modules: [{ lessons: [{}] }] });
  bare = await createLearningCourse(w.api.db, w.acmeId, { creatorId: w.uid.creator, title: "Sans enquête", modules: [{ lessons: [{}] }] });
  const res = await w.call("POST", `/courses/${course.id}/questionnaires`, w.tok.creator, {
    title: "Votre avis",
    kind: "SATISFACTION",
    questions: [
      { kind: "SINGLE_CHOICE", prompt: "Note globale", choices: ["1", "2", "3", "4", "5"].map((label) => ({ label })) },
      { kind: "SINGLE_CHOICE", prompt: "Recommanderiez-vous la formation ?", choices: [{ label: "Oui" }, { label: "Non" }] },
      { kind: "FREE_TEXT", prompt: "Un commentaire ?" },
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  questionnaireId = res.body.data.id;
  const [rating, recommend, comment] = res.body.data.questions;
  q = {
    rating: rating.id,
    ratingChoices: Object.fromEntries(rating.choices.map((c: { id: string; label: string }) => [c.label, c.id])),
    recommend: recommend.id,
    yes: recommend.choices[0].id,
    no: recommend.choices[1].id,
    comment: comment.id,
  };
}, 120_000);
afterAll(() => w.close());

/** A new learner who completes the course (its one lesson) through POST /enrollments/{id}/progress/{lessonId}. */
async function completer(c: SeededCourse = course): Promise<Learner> {
  const l = await newLearner(w, { courseId: c.id });
  const res = await w.call("POST", `/enrollments/${l.enrollmentId}/progress/${c.lessons[0]!.id}`, l.token, { status: "COMPLETED" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.data.enrollment.status).toBe("COMPLETED");
  return l;
}

const LINK = /https?:\/\/acme\.[^/\s]+\/survey\?token=([A-Za-z0-9_.-]+)/;
async function linkOf(l: Learner, template: "survey-end-of-course" | "survey-follow-up" = "survey-end-of-course"): Promise<string> {
  const mails = await mailsTo(w.api, l.email, template);
  expect(mails).toHaveLength(1);
  const m = mails[0]!.text.match(LINK);
  expect(m, mails[0]!.text).not.toBeNull();
  return m![1]!;
}
const invitations = (enrollmentId: string) => w.api.db.select().from(surveyInvitations).where(eq(surveyInvitations.enrollmentId, enrollmentId));
const activity = (enrollmentId: string, action: string) =>
  w.api.db.select().from(activityLogs).where(and(eq(activityLogs.enrollmentId, enrollmentId), eq(activityLogs.action, action)));

const getSurvey = (token: string, tenant = "acme") => w.api.call("GET", `/surveys/${token}`, { tenant });
const answer = (token: string, body: Record<string, unknown>, tenant = "acme") => w.api.call("POST", `/surveys/${token}/responses`, { tenant, body });
const good = (rating = "5", yes = true, text?: string) => ({
  answers: [
    { questionId: q.rating, choiceIds: [q.ratingChoices[rating]] },
    { questionId: q.recommend, choiceIds: [yes ? q.yes : q.no] },
    ...(text ? [{ questionId: q.comment, text }] : []),
  ],
});
const runSweep = async () => {
  await enqueue(w.api.db, "surveys.sweep", {});
  await drainJobs(w.api.db, { only: ["surveys.sweep", "mail.send"] });
};

describe("end-of-course survey", () => {
  it("completing the course e-mails the end-of-course survey with a signed link, and schedules the follow-up 90 days later", async () => {
    const l = await completer();
    const token = await linkOf(l);
    expect(token.split(".")).toHaveLength(3);
    const mail = (await mailsTo(w.api, l.email, "survey-end-of-course"))[0]!;
    expect(mail.subject).toBe("Votre avis sur la formation «\u202fGestes et postures\u202f»");
    expect(mail.text).toContain(`Bonjour ${l.firstName}`);
    const rows = await invitations(l.enrollmentId);
    const end = rows.find((r) => r.kind === "END_OF_COURSE")!;
    const follow = rows.find((r) => r.kind === "FOLLOW_UP")!;
    expect(end).toMatchObject({ questionnaireId, sentAt: w.now(), respondedAt: null, expiresAt: new Date(w.now().getTime() + 30 * DAY) });
    expect(follow).toMatchObject({ questionnaireId, sentAt: null, dueAt: new Date(w.now().getTime() + 90 * DAY) });
    expect(await activity(l.enrollmentId, "survey.scheduled")).toHaveLength(1);
    expect(await activity(l.enrollmentId, "survey.sent")).toHaveLength(1);
    // the run-at job of the follow-up does nothing before its time, even when run early
    await drainJobs(w.api.db, { only: ["survey.send"], runDelayed: true });
    expect(await mailsTo(w.api, l.email, "survey-follow-up")).toHaveLength(0);
  });

  it("a course without a SATISFACTION questionnaire sends no survey, and the activity log says so", async () => {
    const l = await completer(bare);
    expect(await mailsTo(w.api, l.email, "survey-end-of-course")).toHaveLength(0);
    expect(await invitations(l.enrollmentId)).toHaveLength(0);
    const [skipped] = await activity(l.enrollmentId, "survey.skipped");
    expect(skipped?.metadata).toEqual({ missing: "SATISFACTION_QUESTIONNAIRE" });
  });
});

describe("GET /surveys/{token} and POST /surveys/{token}/responses (no sign-in)", () => {
  it("GET shows the survey without scoring data; POST stores the answers (201); the same link a second time is 409", async () => {
    const l = await completer();
    const token = await linkOf(l);
    const res = await getSurvey(token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ kind: "END_OF_COURSE", courseTitle: "Gestes et postures", title: "Votre avis", firstName: l.firstName, tenantName: "Acme Formation" });
    expect(res.body.data.questions).toHaveLength(3);
    expect(res.body.data.questions[0]).toEqual({
      id: q.rating,
      kind: "SINGLE_CHOICE",
      prompt: "Note globale",
      choices: ["1", "2", "3", "4", "5"].map((label) => ({ id: q.ratingChoices[label], label })),
      required: true,
      rating: { min: 1, max: 5 },
    });
    expect(res.body.data.questions[2]).toMatchObject({ kind: "FREE_TEXT", required: false, rating: null, choices: [] });
    expect(JSON.stringify(res.body)).not.toContain("correct");

    const ok = await answer(token, good("4", true, "Très concret"));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data).toEqual({ id: expect.stringMatching(SVR), kind: "END_OF_COURSE", submittedAt: w.now().toISOString() });
    const [stored] = await w.api.db.select().from(surveyResponses).where(eq(surveyResponses.id, ok.body.data.id));
    expect(stored!.answers).toEqual(good("4", true, "Très concret").answers);
    expect((await invitations(l.enrollmentId)).find((r) => r.kind === "END_OF_COURSE")!.respondedAt).toEqual(w.now());
    expect(await activity(l.enrollmentId, "survey.answered")).toHaveLength(1);

    expectError(await answer(token, good("1")), 409, "This survey was already answered");
    expect((await answer(token, good("1"))).body.code).toBe("SURVEY_ALREADY_ANSWERED");
    const again = await getSurvey(token);
    expectError(again, 409);
    expect(again.body.code).toBe("SURVEY_ALREADY_ANSWERED");
  });

  it("422 SURVEY_ANSWERS_INVALID: a required question unanswered, an unknown choice, text on a choice question; 400 for an unknown field", async () => {
    const l = await completer();
    const token = await linkOf(l);
    const missing = await answer(token, { answers: [{ questionId: q.rating, choiceIds: [q.ratingChoices["5"]] }] });
    expectError(missing, 422);
    expect(missing.body.code).toBe("SURVEY_ANSWERS_INVALID");
    expect(missing.body.errors).toEqual({ [`questions.${q.recommend}`]: ["Required"] });
    const wrong = await answer(token, {
      answers: [
        { questionId: q.rating, choiceIds: [q.yes] },
        { questionId: q.recommend, text: "oui" },
        { questionId: "qqn_unknown", choiceIds: ["x"] },
      ],
    });
    expectError(wrong, 422);
    expect(Object.keys(wrong.body.errors).sort()).toEqual(["answers.0.choiceIds", "answers.1.text", "answers.2.questionId"].sort());
    const two = await answer(token, { answers: [{ questionId: q.rating, choiceIds: [q.ratingChoices["4"], q.ratingChoices["5"]] }, { questionId: q.recommend, choiceIds: [q.yes] }] });
    expect(two.body.errors).toEqual({ "answers.0.choiceIds": ["Choose exactly one"] });
    expectUnknownFields(await answer(token, { ...good(), score: 100 }), ["score"]);
    // nothing was stored: the link still works
    expect((await answer(token, good("5"))).status).toBe(201);
  });

  it("401 SURVEY_TOKEN_INVALID for a forged or malformed link; 404 SURVEY_NOT_FOUND from another tenant", async () => {
    const l = await completer();
    const token = await linkOf(l);
    const forged = tamperedToken(token, (p) => ({ ...p, exp: p.exp + 1000 }));
    for (const bad of [forged, "not-a-survey-token", `${token}x`]) {
      const res = await getSurvey(bad);
      expectError(res, 401);
      expect(res.body.code).toBe("SURVEY_TOKEN_INVALID");
    }
    expect((await answer(forged, good())).body.code).toBe("SURVEY_TOKEN_INVALID");
    // an access token is not a survey link (other audience)
    expect((await getSurvey(w.tok.learner)).body.code).toBe("SURVEY_TOKEN_INVALID");
    const other = await getSurvey(token, "globex");
    expectError(other, 404);
    expect(other.body.code).toBe("SURVEY_NOT_FOUND");
    expect((await answer(token, good(), "globex")).status).toBe(404);
    expect((await getSurvey(token)).status).toBe(200);
  });
});

describe("GET /courses/{id}/survey-results", () => {
  it("aggregates counts, response rate, the satisfaction figure and a per-question breakdown; the public page shows the same figure", async () => {
    const res = await w.call("GET", `/courses/${course.id}/survey-results`, w.tok.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    // So far: 4 learners completed the course (4 end-of-course mails), 2 answered (4/5 + yes, 5/5 + yes).
    const sent = (await w.api.db.select().from(surveyInvitations).where(eq(surveyInvitations.courseId, course.id))).filter((r) => r.sentAt).length;
    expect(sent).toBe(4);
    expect(data.overall).toEqual({ responses: 2, ratingAnswers: 2, averageRating: 4.5, satisfactionRate: 1, sent: 4, responseRate: 0.5 });
    expect(data.hasSatisfactionQuestionnaire).toBe(true);
    const [end, follow] = data.byKind;
    expect(end).toMatchObject({ kind: "END_OF_COURSE", sent: 4, pending: 0, responses: 2, responseRate: 0.5, averageRating: 4.5, satisfactionRate: 1 });
    expect(follow).toMatchObject({ kind: "FOLLOW_UP", sent: 0, pending: 4, responses: 0, responseRate: null, averageRating: null, satisfactionRate: null });
    const rating = end.questions.find((x: { questionId: string }) => x.questionId === q.rating);
    expect(rating).toMatchObject({ answered: 2, rating: { min: 1, max: 5, average: 4.5 } });
    expect(rating.choices.map((c: { label: string; count: number }) => [c.label, c.count])).toEqual([["1", 0], ["2", 0], ["3", 0], ["4", 1], ["5", 1]]);
    expect(end.questions.find((x: { questionId: string }) => x.questionId === q.comment)).toMatchObject({ kind: "FREE_TEXT", answered: 1, texts: ["Très concret"], rating: null });

    const pub = await w.api.call("GET", `/public/courses/${course.slug}`, { tenant: "acme" });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    expect(pub.body.data.results.satisfaction).toEqual({ responses: 2, ratingAnswers: 2, averageRating: 4.5, satisfactionRate: 1 });
    expect(pub.body.data.results).toMatchObject({ completion: { count: 4, of: 4, rate: null, significant: false } }); // 4 learners: below RESULTS_MIN_COUNT
  });

  it("a low rating lowers the satisfaction rate (4 or 5 out of 5 is satisfied)", async () => {
    const l = await completer();
    expect((await answer(await linkOf(l), good("2", false))).status).toBe(201);
    const data = (await w.call("GET", `/courses/${course.id}/survey-results`, w.tok.admin)).body.data;
    expect(data.overall).toMatchObject({ responses: 3, averageRating: 3.67, satisfactionRate: 0.6667, sent: 5, responseRate: 0.6 });
  });

  it("roles: the owning CREATOR reads; another CREATOR 403 COURSE_NOT_OWNED; TRAINER and LEARNER 403; no sign-in 401; another tenant 404", async () => {
    expect((await w.call("GET", `/courses/${course.id}/survey-results`, w.tok.creator)).status).toBe(200);
    await createMember(w.api.db, w.acmeId, "CREATOR", "creator2.surveys@acme.test");
    const other = await tokenFor(w.api, "acme", "creator2.surveys");
    const notOwner = await w.call("GET", `/courses/${course.id}/survey-results`, other);
    expectError(notOwner, 403);
    expect(notOwner.body.code).toBe("COURSE_NOT_OWNED");
    for (const who of ["trainer", "learner", "finance"] as const) {
      const res = await w.call("GET", `/courses/${course.id}/survey-results`, w.tok[who]);
      expectError(res, 403);
      expect(res.body.code).toBe("PERMISSION_DENIED");
    }
    expectError(await w.call("GET", `/courses/${course.id}/survey-results`), 401);
    const cross = await w.api.call("GET", `/courses/${course.id}/survey-results`, { tenant: "globex", token: w.tok.globexAdmin });
    expectError(cross, 404);
    expect(cross.body.code).toBe("COURSE_NOT_FOUND");
    const none = await w.call("GET", `/courses/${bare.id}/survey-results`, w.tok.admin);
    expect(none.body.data).toMatchObject({ hasSatisfactionQuestionnaire: false, overall: { responses: 0, sent: 0, responseRate: null, averageRating: null } });
  });
});

describe("time: link expiry and the follow-up survey (clock injected)", () => {
  it("an unanswered link expires after SURVEY_LINK_TTL_DAYS (410 SURVEY_TOKEN_EXPIRED); the follow-up is e-mailed at 90 days, not before, with a new link", async () => {
    const l = await completer();
    const endToken = await linkOf(l);
    await w.advance(30 * 24 * 3600 + 1);
    const expired = await getSurvey(endToken);
    expectError(expired, 410, "This survey link has expired");
    expect(expired.body.code).toBe("SURVEY_TOKEN_EXPIRED");
    expect((await answer(endToken, good())).body.code).toBe("SURVEY_TOKEN_EXPIRED");

    // day 89: the hourly sweep finds nothing due
    await w.advance(59 * 24 * 3600 - 2);
    await runSweep();
    expect(await mailsTo(w.api, l.email, "survey-follow-up")).toHaveLength(0);
    // day 90: due
    await w.advance(24 * 3600 + 1);
    await runSweep();
    const followToken = await linkOf(l, "survey-follow-up");
    const mail = (await mailsTo(w.api, l.email, "survey-follow-up"))[0]!;
    expect(mail.subject).toBe("Quelques mois après «\u202fGestes et postures\u202f»\u202f: votre retour");
    const survey = await getSurvey(followToken);
    expect(survey.status).toBe(200);
    expect(survey.body.data.kind).toBe("FOLLOW_UP");
    expect((await answer(followToken, good("5"))).body.data.kind).toBe("FOLLOW_UP");
    // one follow-up mail per enrollment, whatever the number of sweeps and jobs
    await runSweep();
    await drainJobs(w.api.db, { runDelayed: true, only: ["survey.send", "mail.send"] });
    expect(await mailsTo(w.api, l.email, "survey-follow-up")).toHaveLength(1);
    const data = (await w.call("GET", `/courses/${course.id}/survey-results`, w.tok.admin)).body.data;
    expect(data.byKind[1]).toMatchObject({ kind: "FOLLOW_UP", responses: 1, averageRating: 5 });
  });
});
