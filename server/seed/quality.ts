import type { Db } from "../db/client";
import { complaintComments, complaints, complaintStatusHistory, courses, improvementActions, improvementPlans } from "../db/schema";
import { forTenant } from "../db/tenant-scope";
import { newId } from "../lib/ids";
import { takeComplaintReference } from "../services/quality/complaint-reference";

type People = { admin: string; creator: string; learner: string; learner2: string };
/** The learners' account e-mails (the users table is global). */
type Emails = { learner: string; learner2: string };
type Status = "NEW" | "IN_REVIEW" | "RESOLVED" | "ESCALATED" | "CLOSED";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Demo quality records (idempotent: nothing when the tenant has a complaint): a complaint in each
 * step of the lifecycle with its history, an internal comment, the DRAFT plan a HIGH complaint
 * opens, and an audit-triggered plan IN_PROGRESS with its actions. Written directly (no mail).
 */
export async function seedQuality(db: Db, tenantId: string, people: People, emails: Emails, now = new Date()): Promise<void> {
  const scope = forTenant(tenantId);
  const [existing] = await db.select({ id: complaints.id }).from(complaints).where(scope.where(complaints)).limit(1);
  if (existing) return;
  const [course] = await db.select({ id: courses.id }).from(courses).where(scope.where(courses)).orderBy(courses.createdAt).limit(1);
  const at = (daysAgo: number, hours = 0) => new Date(now.getTime() - daysAgo * DAY + hours * HOUR);

  await db.transaction(async (tx) => {
    const draftPlan = newId("imp");
    const criticalPlan = newId("imp");
    const auditPlan = newId("imp");
    await tx.insert(improvementPlans).values(
      scope.valuesMany(improvementPlans, [
        {
          id: draftPlan,
          title: "Réclamation : Salle de TP trop petite",
          description: "Plan ouvert automatiquement pour la réclamation « Salle de TP trop petite » (gravité élevée).",
          trigger: "COMPLAINT" as const,
          status: "DRAFT" as const,
          indicators: [31, 32],
          createdBy: null,
          createdAt: at(3),
          updatedAt: at(3),
        },
        {
          id: criticalPlan,
          title: "Réclamation : Accès à la plateforme impossible",
          description: "Plan ouvert automatiquement pour la réclamation « Accès à la plateforme impossible » (gravité critique, délai de réponse 24 h).",
          trigger: "COMPLAINT" as const,
          status: "DRAFT" as const,
          indicators: [31, 32],
          createdBy: null,
          createdAt: at(0, -22),
          updatedAt: at(0, -22),
        },
        {
          id: auditPlan,
          title: "Suivi des appréciations à chaud",
          description: "Relancer les stagiaires qui n'ont pas répondu au questionnaire de satisfaction.",
          trigger: "AUDIT" as const,
          status: "IN_PROGRESS" as const,
          owner: people.admin,
          targetDate: at(-60).toISOString().slice(0, 10),
          indicators: [30, 32],
          actionsCount: 2,
          actionsCompleted: 1,
          createdBy: people.admin,
          createdAt: at(20),
          updatedAt: at(5),
        },
      ]),
    );
    await tx.insert(improvementActions).values(
      scope.valuesMany(improvementActions, [
        { id: newId("act"), planId: auditPlan, description: "Ajouter une relance automatique à J+3", owner: people.creator, status: "DONE" as const, completedAt: at(5), createdAt: at(20), updatedAt: at(5) },
        { id: newId("act"), planId: auditPlan, description: "Présenter les résultats en réunion pédagogique", owner: people.admin, dueDate: at(-30).toISOString().slice(0, 10), createdAt: at(20, 1), updatedAt: at(20) },
      ]),
    );

    // daysAgo may be fractional: the CRITICAL one was received 22 h ago, so its 24 h SLA is 2 h away.
    const rows: { subject: string; description: string; category: "COURSE_QUALITY" | "ADMIN" | "BILLING" | "OTHER"; severity: "LOW" | "MEDIUM" | "HIGH" | "CRITICAL"; path: Status[]; daysAgo: number; by: string | null; plan?: string }[] = [
      { subject: "Accès à la plateforme impossible", description: "Depuis hier soir, aucun stagiaire de la session ne peut se connecter aux modules en ligne.", category: "COURSE_QUALITY", severity: "CRITICAL", path: ["NEW"], daysAgo: 22 / 24, by: people.learner2, plan: criticalPlan },
      { subject: "Refus de remboursement", description: "Ma demande de remboursement après annulation a été refusée sans explication.", category: "BILLING", severity: "MEDIUM", path: ["NEW", "IN_REVIEW", "ESCALATED"], daysAgo: 15, by: null },
      { subject: "Support de cours incomplet", description: "Le module 3 du support n'était pas fourni.", category: "COURSE_QUALITY", severity: "LOW", path: ["NEW"], daysAgo: 1, by: null },
      { subject: "Salle de TP trop petite", description: "Vingt stagiaires pour douze postes.", category: "ADMIN", severity: "HIGH", path: ["NEW", "IN_REVIEW"], daysAgo: 3, by: people.learner, plan: draftPlan },
      { subject: "Facture en double", description: "J'ai reçu deux factures pour la même session.", category: "BILLING", severity: "MEDIUM", path: ["NEW", "IN_REVIEW", "RESOLVED"], daysAgo: 10, by: people.learner2 },
      { subject: "Convocation reçue tardivement", description: "La convocation est arrivée la veille.", category: "OTHER", severity: "LOW", path: ["NEW", "IN_REVIEW", "RESOLVED", "CLOSED"], daysAgo: 45, by: people.learner },
    ];
    // Oldest first, so the references (RECL-year-0001...) follow the reception order.
    for (const r of [...rows].sort((a, b) => b.daysAgo - a.daysAgo)) {
      const id = newId("cpl");
      const created = at(r.daysAgo);
      const ref = await takeComplaintReference(tx, scope, created.getUTCFullYear());
      const byPhone = r.subject === "Refus de remboursement";
      const step = (i: number) => new Date(created.getTime() + i * 6 * HOUR);
      const last = r.path.at(-1)!;
      const resolved = r.path.includes("RESOLVED");
      await tx.insert(complaints).values(
        scope.values(complaints, {
          id,
          reference: ref.reference,
          referenceYear: ref.year,
          referenceSeq: ref.seq,
          channel: byPhone ? "PHONE" : "WEB",
          receivedAt: created,
          recordedBy: byPhone ? people.admin : null,
          complainantPhone: byPhone ? "06 12 34 56 78" : null,
          subject: r.subject,
          description: r.description,
          category: r.category,
          severity: r.severity,
          status: last,
          courseId: r.category === "COURSE_QUALITY" ? (course?.id ?? null) : null,
          complainantUserId: r.by,
          complainantName: r.by ? null : "Claire Martin",
          complainantEmail: r.by ? (r.by === people.learner ? emails.learner : emails.learner2) : "claire.martin@example.com",
          assignedTo: r.path.includes("IN_REVIEW") ? people.admin : null,
          improvementPlanId: r.plan ?? null,
          resolution: resolved ? "Nous avons corrigé le problème et vous présentons nos excuses." : null,
          correctiveActions: resolved ? ["Vérification systématique avant envoi"] : [],
          resolvedAt: resolved ? step(r.path.indexOf("RESOLVED")) : null,
          closedAt: last === "CLOSED" ? step(r.path.length - 1) : null,
          closedReason: last === "CLOSED" ? "AUTO" : null,
          escalatedAt: last === "ESCALATED" ? step(r.path.length - 1) : null,
          escalationReason: last === "ESCALATED" ? "Désaccord persistant sur le remboursement : saisine du médiateur de la consommation." : null,
          mediatorEmail: last === "ESCALATED" ? "mediateur@example.org" : null,
          slaDueAt: r.severity === "CRITICAL" ? new Date(created.getTime() + 24 * HOUR) : null,
          statusChangedAt: step(r.path.length - 1),
          createdAt: created,
          updatedAt: step(r.path.length - 1),
        }),
      );
      await tx.insert(complaintStatusHistory).values(
        scope.valuesMany(
          complaintStatusHistory,
          r.path.map((to, i) => ({
            id: newId("csh"),
            complaintId: id,
            fromStatus: i === 0 ? null : r.path[i - 1]!,
            toStatus: to,
            changedBy: i === 0 ? r.by : to === "CLOSED" ? null : people.admin,
            note: to === "CLOSED" ? "Automatic closure after 30 days without reply" : null,
            at: step(i),
          })),
        ),
      );
      if (r.path.includes("IN_REVIEW")) {
        await tx.insert(complaintComments).values(scope.values(complaintComments, { id: newId("cmt"), complaintId: id, authorId: people.creator, text: "Vu avec le formateur : à traiter rapidement.", createdAt: step(1) }));
      }
    }
  });
}
