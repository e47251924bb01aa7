import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complaintComments, complaints, complaintStatusHistory, courses, improvementActions, improvementPlans, mailOutbox, surveyInvitations, surveyResponses } from "../../server/db/schema";
import { seedQuality } from "../../server/seed/quality";
import { seedSurveys } from "../../server/seed/surveys";
import { startApi, type TestApi } from "../helpers/api";
import { auditRows, tenantBySlug } from "../helpers/rest";
import { demoUsers } from "../factories";

/**
 * The demo seed writes its quality records and its surveys through the services: the complaints
 * get their references, history, plans, mails and audit rows by the services' rules, the survey
 * invitations are scheduled, sent and answered as the services do, each at its demo date.
 */

let api: TestApi;
let acmeId: string;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
});
afterAll(async () => {
  await api.close();
});

describe("quality", () => {
  it("the complaints: references in reception order, each lifecycle step by the services' moves, at the demo dates", async () => {
    const rows = await api.db.select().from(complaints).where(eq(complaints.tenantId, acmeId)).orderBy(asc(complaints.receivedAt));
    const demo = rows;
    expect(demo.map((r) => r.subject)).toEqual(["Convocation reçue tardivement", "Refus de remboursement", "Facture en double", "Salle de TP trop petite", "Support de cours incomplet", "Accès à la plateforme impossible"]);
    // Each year's series from 0001, in reception order (the oldest may fall in the previous year).
    const seen = new Map<number, number>();
    for (const r of demo) {
      const seq = (seen.get(r.referenceYear!) ?? 0) + 1;
      seen.set(r.referenceYear!, seq);
      expect(r.reference).toBe(`RECL-${r.referenceYear}-${String(seq).padStart(4, "0")}`);
    }
    const by = Object.fromEntries(demo.map((r) => [r.subject, r]));
    const history = async (subject: string) =>
      (await api.db.select().from(complaintStatusHistory).where(and(eq(complaintStatusHistory.tenantId, acmeId), eq(complaintStatusHistory.complaintId, by[subject]!.id))).orderBy(asc(complaintStatusHistory.at))).map((h) => h.toStatus);
    // The mediator is seized after a resolution (RESOLVED -> ESCALATED), never straight from IN_REVIEW.
    expect(await history("Refus de remboursement")).toEqual(["NEW", "IN_REVIEW", "RESOLVED", "ESCALATED"]);
    expect(await history("Convocation reçue tardivement")).toEqual(["NEW", "IN_REVIEW", "RESOLVED", "CLOSED"]);
    expect(await history("Accès à la plateforme impossible")).toEqual(["NEW"]);
    const closed = by["Convocation reçue tardivement"]!;
    expect(closed).toMatchObject({ status: "CLOSED", closedReason: "AUTO" });
    // Closed by the rule: 30 days without a change after the resolution.
    expect(closed.closedAt!.getTime() - closed.resolvedAt!.getTime()).toBe(30 * DAY);
    const phone = by["Refus de remboursement"]!;
    expect(phone).toMatchObject({ channel: "PHONE", complainantPhone: "06 12 34 56 78", complainantName: "Claire Martin", status: "ESCALATED" });
    expect(phone.recordedBy).not.toBeNull();
    expect(by["Support de cours incomplet"]).toMatchObject({ channel: "WEB", recordedBy: null, complainantName: "Claire Martin", severity: "LOW" });
    const critical = by["Accès à la plateforme impossible"]!;
    expect(critical.slaDueAt!.getTime() - critical.receivedAt!.getTime()).toBe(24 * HOUR);
    expect(critical.complainantUserId).not.toBeNull();
    // Received 22 h before the seed ran (createdAt is the reception: nothing backdated by hand).
    expect(critical.createdAt.getTime()).toBe(critical.receivedAt!.getTime());
    const comments = await api.db.select().from(complaintComments).where(and(eq(complaintComments.tenantId, acmeId), inArray(complaintComments.complaintId, demo.map((r) => r.id))));
    expect(comments).toHaveLength(4);
    // Events: each one created through the service leaves its audit row.
    for (const r of demo) expect(await auditRows(api, "complaint.created", { tenantId: acmeId, targetId: r.id })).toHaveLength(1);
    // Mails: the acknowledgement to the complainant, the mediator's file.
    const mails = await api.db.select({ to: mailOutbox.to, template: mailOutbox.template }).from(mailOutbox).where(eq(mailOutbox.tenantId, acmeId));
    expect(mails.filter((m) => m.template === "complaint-acknowledged" && m.to === "claire.martin@example.com")).toHaveLength(2);
    expect(mails.filter((m) => m.template === "complaint-mediation")).toHaveLength(1);
  });

  it("the plans: a DRAFT plan per HIGH or CRITICAL complaint, the corrective actions of the resolved ones, the audit plan IN_PROGRESS with one action of two done", async () => {
    const demo = await api.db.select().from(complaints).where(eq(complaints.tenantId, acmeId));
    const planOf = async (subject: string) => {
      const c = demo.find((r) => r.subject === subject)!;
      const [plan] = await api.db.select().from(improvementPlans).where(and(eq(improvementPlans.tenantId, acmeId), eq(improvementPlans.id, c.improvementPlanId!)));
      return plan!;
    };
    expect(await planOf("Salle de TP trop petite")).toMatchObject({ status: "DRAFT", trigger: "COMPLAINT", description: "Plan ouvert automatiquement pour la réclamation « Salle de TP trop petite » (gravité élevée).", createdBy: null });
    expect(await planOf("Accès à la plateforme impossible")).toMatchObject({ status: "DRAFT", title: "Réclamation : Accès à la plateforme impossible" });
    const corrective = await planOf("Facture en double");
    expect(corrective).toMatchObject({ trigger: "COMPLAINT", actionsCount: 1, actionsCompleted: 0 });
    const [action] = await api.db.select().from(improvementActions).where(and(eq(improvementActions.tenantId, acmeId), eq(improvementActions.planId, corrective.id)));
    expect(action).toMatchObject({ description: "Vérification systématique avant envoi", status: "TODO" });

    const [audit] = await api.db.select().from(improvementPlans).where(and(eq(improvementPlans.tenantId, acmeId), eq(improvementPlans.title, "Suivi des appréciations à chaud")));
    expect(audit).toMatchObject({ trigger: "AUDIT", status: "IN_PROGRESS", indicators: [30, 32], actionsCount: 2, actionsCompleted: 1 });
    const actions = await api.db.select().from(improvementActions).where(and(eq(improvementActions.tenantId, acmeId), eq(improvementActions.planId, audit!.id))).orderBy(asc(improvementActions.createdAt));
    expect(actions.map((a) => [a.description, a.status])).toEqual([
      ["Ajouter une relance automatique à J+3", "DONE"],
      ["Présenter les résultats en réunion pédagogique", "TODO"],
    ]);
    expect(await auditRows(api, "improvementPlan.actionCompleted", { tenantId: acmeId, targetId: audit!.id })).toHaveLength(1);
  });
});

describe("surveys", () => {
  it("Excel: five end-of-course invitations sent at completion (four answered the next day), follow-ups 90 days later (one answered), the e-mails in the outbox", async () => {
    const [excel] = await api.db.select().from(courses).where(and(eq(courses.tenantId, acmeId), eq(courses.slug, "excel-tableaux-croises-dynamiques")));
    const invitations = await api.db.select().from(surveyInvitations).where(and(eq(surveyInvitations.tenantId, acmeId), eq(surveyInvitations.courseId, excel!.id)));
    const end = invitations.filter((v) => v.kind === "END_OF_COURSE");
    const follow = invitations.filter((v) => v.kind === "FOLLOW_UP");
    expect(end).toHaveLength(5);
    expect(follow).toHaveLength(5);
    for (const v of end) {
      expect(v.sentAt!.getTime()).toBe(v.dueAt.getTime());
      expect(v.expiresAt!.getTime() - v.sentAt!.getTime()).toBe(30 * DAY);
    }
    expect(end.filter((v) => v.respondedAt).map((v) => v.respondedAt!.getTime() - v.sentAt!.getTime())).toEqual([DAY, DAY, DAY, DAY]);
    for (const f of follow) {
      const e = end.find((v) => v.enrollmentId === f.enrollmentId)!;
      expect(f.dueAt.getTime() - e.dueAt.getTime()).toBe(90 * DAY);
    }
    expect(follow.filter((v) => v.respondedAt)).toHaveLength(1);
    expect(follow.filter((v) => v.sentAt).every((v) => v.sentAt!.getTime() === v.dueAt.getTime())).toBe(true);
    const responses = await api.db.select().from(surveyResponses).where(and(eq(surveyResponses.tenantId, acmeId), eq(surveyResponses.courseId, excel!.id)));
    expect(responses).toHaveLength(5);
    const mails = await api.db.select({ to: mailOutbox.to, template: mailOutbox.template }).from(mailOutbox).where(and(eq(mailOutbox.tenantId, acmeId), eq(mailOutbox.to, "alumni1@acme.test")));
    expect(mails.map((m) => m.template).sort()).toEqual(["survey-end-of-course", "survey-follow-up"]);
  });

  it("seeding again adds nothing", async () => {
    const count = async () => [
      (await api.db.select().from(complaints).where(eq(complaints.tenantId, acmeId))).length,
      (await api.db.select().from(improvementPlans).where(eq(improvementPlans.tenantId, acmeId))).length,
      (await api.db.select().from(surveyInvitations).where(eq(surveyInvitations.tenantId, acmeId))).length,
    ];
    const before = await count();
    const { uid } = await demoUsers(api, "acme", ["admin", "creator", "learner", "learner2"] as const);
    await seedQuality(api.db, acmeId, { admin: uid.admin!, creator: uid.creator!, learner: uid.learner!, learner2: uid.learner2! });
    await seedSurveys(api.db, acmeId, "acme", { learner: uid.learner! });
    expect(await count()).toEqual(before);
  });
});
