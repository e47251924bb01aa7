import { clock } from "../lib/clock";
import { eq } from "drizzle-orm";
import { buildCaller } from "../auth/caller";
import type { COMPLAINT_CATEGORIES, TComplaintSeverity, TComplaintStatus } from "../contracts/complaints";
import type { Db } from "../db/client";
import { complaints, courses } from "../db/schema";
import { forTenant } from "../db/tenant-scope";
import { createComplaint } from "../services/quality/complaint-create";
import { autoCloseComplaints } from "../services/quality/complaint-jobs";
import { addComment, escalateComplaint, resolveComplaint, updateComplaint } from "../services/quality/complaints";
import { completeAction, createPlan, getPlan, updatePlan } from "../services/quality/plans";
import { env } from "../env";
import { seedCaller } from "./seed-caller";

type People = { admin: string; creator: string; learner: string; learner2: string };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type DemoComplaint = {
  subject: string;
  description: string;
  category: (typeof COMPLAINT_CATEGORIES)[number];
  severity: TComplaintSeverity;
  /** The statuses it goes through, in order (the services' moves: NEW, IN_REVIEW, RESOLVED, then ESCALATED or CLOSED). */
  path: TComplaintStatus[];
  daysAgo: number;
  /** The member who filed it on the web; null: received by phone or through the public form. */
  by: string | null;
  byPhone?: boolean;
};

/**
 * Demo quality records (idempotent: nothing when the tenant has a complaint), through the quality
 * services as the API writes them (references RECL-year-0001..., history, DRAFT plans of HIGH and
 * CRITICAL complaints, corrective actions on the plans, acknowledgements and staff e-mails in the
 * outbox, audit rows), each step at its demo date: a complaint in each step of the lifecycle with
 * its history and an internal comment, and an audit-triggered plan IN_PROGRESS with its actions.
 */
export async function seedQuality(db: Db, tenantId: string, people: People, now = clock.now()): Promise<void> {
  const scope = forTenant(tenantId);
  const [existing] = await db.select({ id: complaints.id }).from(complaints).where(scope.where(complaints)).limit(1);
  if (existing) return;
  const [course] = await db.select({ id: courses.id }).from(courses).where(scope.where(courses)).orderBy(courses.createdAt).limit(1);
  const at = (daysAgo: number, hours = 0) => new Date(now.getTime() - daysAgo * DAY + hours * HOUR);
  const admin = await seedCaller(db, tenantId, people.admin);
  const creator = await seedCaller(db, tenantId, people.creator, "CREATOR");
  const learners = { [people.learner]: await seedCaller(db, tenantId, people.learner, "LEARNER"), [people.learner2]: await seedCaller(db, tenantId, people.learner2, "LEARNER") };
  // The public contact form: no one signed in.
  const visitor = buildCaller({ ...admin, userId: null, role: null, membershipId: null });

  // An audit-triggered plan, started, one of its two actions done.
  const plan = await createPlan(
    db,
    admin,
    {
      title: "Suivi des appréciations à chaud",
      description: "Relancer les stagiaires qui n'ont pas répondu au questionnaire de satisfaction.",
      trigger: "AUDIT",
      owner: people.admin,
      targetDate: at(-60).toISOString().slice(0, 10),
      indicators: [30, 32],
      linkedComplaintIds: [],
      actions: [
        { description: "Ajouter une relance automatique à J+3", owner: people.creator },
        { description: "Présenter les résultats en réunion pédagogique", owner: people.admin, dueDate: at(-30).toISOString().slice(0, 10) },
      ],
    },
    at(20),
  );
  await updatePlan(db, admin, { id: plan.id, status: "IN_PROGRESS" }, at(19));
  const [relaunch] = (await getPlan(db, admin, plan.id)).actions;
  await completeAction(db, admin, { id: plan.id, actionId: relaunch!.id }, at(5));

  // daysAgo may be fractional: the CRITICAL one was received 22 h ago, so its 24 h SLA is 2 h away.
  const rows: DemoComplaint[] = [
    { subject: "Accès à la plateforme impossible", description: "Depuis hier soir, aucun stagiaire de la session ne peut se connecter aux modules en ligne.", category: "COURSE_QUALITY", severity: "CRITICAL", path: ["NEW"], daysAgo: 22 / 24, by: people.learner2 },
    { subject: "Refus de remboursement", description: "Ma demande de remboursement après annulation a été refusée sans explication.", category: "BILLING", severity: "MEDIUM", path: ["NEW", "IN_REVIEW", "RESOLVED", "ESCALATED"], daysAgo: 15, by: null, byPhone: true },
    { subject: "Support de cours incomplet", description: "Le module 3 du support n'était pas fourni.", category: "COURSE_QUALITY", severity: "LOW", path: ["NEW"], daysAgo: 1, by: null },
    { subject: "Salle de TP trop petite", description: "Vingt stagiaires pour douze postes.", category: "ADMIN", severity: "HIGH", path: ["NEW", "IN_REVIEW"], daysAgo: 3, by: people.learner },
    { subject: "Facture en double", description: "J'ai reçu deux factures pour la même session.", category: "BILLING", severity: "MEDIUM", path: ["NEW", "IN_REVIEW", "RESOLVED"], daysAgo: 10, by: people.learner2 },
    { subject: "Convocation reçue tardivement", description: "La convocation est arrivée la veille.", category: "OTHER", severity: "LOW", path: ["NEW", "IN_REVIEW", "RESOLVED", "CLOSED"], daysAgo: 45, by: people.learner },
  ];
  // Oldest first, so the references (RECL-year-0001...) follow the reception order.
  for (const r of [...rows].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const created = at(r.daysAgo);
    const step = (i: number) => new Date(created.getTime() + i * 6 * HOUR);
    const about = { subject: r.subject, description: r.description, category: r.category, attachments: [], ...(r.category === "COURSE_QUALITY" && course ? { courseId: course.id } : {}) };
    const anonymous = { name: "Claire Martin", email: "claire.martin@example.com" };
    // Filed on the web by the member, through the public form, or recorded by the admin from a call; staff set the severity.
    const { id } = r.by
      ? await createComplaint(db, learners[r.by]!, about, created)
      : r.byPhone
        ? await createComplaint(db, admin, { ...about, ...anonymous, severity: r.severity, channel: "PHONE", receivedAt: created.toISOString(), phone: "06 12 34 56 78" }, created)
        : await createComplaint(db, visitor, { ...about, ...anonymous }, created);
    // Sorted by its severity at once (a HIGH or CRITICAL one opens its DRAFT plan).
    if (!r.byPhone && r.severity !== "MEDIUM") await updateComplaint(db, admin, { id, severity: r.severity }, created);
    if (r.path.includes("IN_REVIEW")) {
      await updateComplaint(db, admin, { id, assignedTo: people.admin }, step(1));
      await addComment(db, creator, { id, text: "Vu avec le formateur : à traiter rapidement." }, step(1));
    }
    if (r.path.includes("RESOLVED")) {
      await resolveComplaint(db, admin, { id, resolution: "Nous avons corrigé le problème et vous présentons nos excuses.", correctiveActions: ["Vérification systématique avant envoi"] }, step(2));
    }
    if (r.path.includes("ESCALATED")) {
      await escalateComplaint(db, admin, { id, reason: "Désaccord persistant sur le remboursement : saisine du médiateur de la consommation.", mediatorEmail: "contact@mediateur-consommation.example.org" }, step(3));
    }
    if (r.path.includes("CLOSED")) {
      // Closed by the job's rule: nothing changed for COMPLAINT_AUTO_CLOSE_DAYS after the resolution (the
      // job's pass at that date, over this tenant only).
      await autoCloseComplaints(db, new Date(step(2).getTime() + env().COMPLAINT_AUTO_CLOSE_DAYS * DAY), admin.scope);
    }
  }
  const [closed] = await db.select({ status: complaints.status }).from(complaints).where(scope.where(complaints, eq(complaints.subject, "Convocation reçue tardivement"))).limit(1);
  if (closed?.status !== "CLOSED") throw new Error("seed: the oldest demo complaint was not closed");
}
