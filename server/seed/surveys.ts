import { clock } from "../lib/clock";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import type { TSubmitSurveyInput } from "../contracts/surveys";
import { courses, enrollments, questionnaires, questions, surveyInvitations, type Choice } from "../db/schema";
import { forTenant, type TenantScope } from "../db/tenant-scope";
import { newId } from "../lib/ids";
import { scheduleSurveys, sendInvitation } from "../services/surveys/invitations";
import { submitSurvey } from "../services/surveys/respond";
import { signSurveyToken } from "../services/surveys/token";
import { completeAllLessons, ensureUser } from "./factories";

const DAY = 86_400_000;
const SST = "sauveteur-secouriste-du-travail";
const EXCEL = "excel-tableaux-croises-dynamiques";

/** The public-page fields the catalogue seed does not set (access lead time, success rate, FAQ). */
const PUBLIC_FIELDS: Record<string, { accessLeadTime: string; successRate: number | null; faq: { question: string; answer: string }[] }> = {
  [SST]: {
    accessLeadTime: "Inscription jusqu'à 14 jours avant le début de la session ; 48 h pour un financement personnel.",
    successRate: 96,
    faq: [
      { question: "Le certificat SST est-il valable longtemps ?", answer: "24 mois. Un maintien et actualisation des compétences (MAC SST) de 7 heures le prolonge." },
      { question: "Faut-il des connaissances en secourisme ?", answer: "Non, aucun prérequis : la formation part des bases." },
    ],
  },
  [EXCEL]: {
    accessLeadTime: "Accès à la plateforme sous 48 h après l'inscription.",
    successRate: null,
    faq: [
      { question: "Quelle version d'Excel faut-il ?", answer: "Excel 2016 ou plus récent, ou Microsoft 365." },
      { question: "Puis-je suivre la formation à mon rythme ?", answer: "Oui : les modules en ligne restent accessibles pendant toute la durée de l'inscription." },
    ],
  },
};

const RATING = ["1", "2", "3", "4", "5"];

async function satisfactionQuestionnaire(db: Db, scope: TenantScope, courseId: string, title: string, now: Date) {
  const [existing] = await db
    .select({ id: questionnaires.id })
    .from(questionnaires)
    .where(scope.where(questionnaires, eq(questionnaires.courseId, courseId), eq(questionnaires.kind, "SATISFACTION")))
    .orderBy(asc(questionnaires.createdAt))
    .limit(1);
  if (existing) return null;
  const id = newId("qst");
  await db.insert(questionnaires).values(scope.values(questionnaires, { id, courseId, kind: "SATISFACTION" as const, title, passMark: 0, createdAt: new Date(now.getTime() - 60 * DAY) }));
  const choice = (label: string, i: number): Choice => ({ id: `c${i}`, label, correct: false });
  const rows = [
    { id: newId("qqn"), kind: "SINGLE_CHOICE" as const, prompt: "Dans l'ensemble, êtes-vous satisfait(e) de la formation ? (1 = pas du tout, 5 = tout à fait)", choices: RATING.map(choice) },
    { id: newId("qqn"), kind: "SINGLE_CHOICE" as const, prompt: "Les objectifs annoncés ont-ils été atteints ? (1 à 5)", choices: RATING.map(choice) },
    { id: newId("qqn"), kind: "SINGLE_CHOICE" as const, prompt: "Recommanderiez-vous cette formation ?", choices: ["Oui", "Non"].map(choice) },
    { id: newId("qqn"), kind: "FREE_TEXT" as const, prompt: "Un commentaire, une suggestion ?", choices: [] },
  ];
  await db.insert(questions).values(scope.valuesMany(questions, rows.map((r, position) => ({ ...r, questionnaireId: id, points: 0, position }))));
  return { id, rating: rows[0]!.id, objectives: rows[1]!.id, recommend: rows[2]!.id, comment: rows[3]!.id };
}

/** A learner's answers through the survey link they were e-mailed (the same token and rules as POST /surveys/{token}/responses). */
async function answer(db: Db, scope: TenantScope, invitationId: string, answers: TSubmitSurveyInput["answers"], at: Date): Promise<void> {
  const [inv] = await db.select({ sentAt: surveyInvitations.sentAt, expiresAt: surveyInvitations.expiresAt }).from(surveyInvitations).where(scope.where(surveyInvitations, eq(surveyInvitations.id, invitationId))).limit(1);
  if (!inv?.sentAt || !inv.expiresAt) throw new Error(`seed: survey invitation ${invitationId} was not sent`);
  const token = await signSurveyToken(scope.tenantId, invitationId, inv.sentAt, inv.expiresAt);
  await submitSurvey(db, scope, { token, answers }, at);
}

/**
 * Demo satisfaction surveys (idempotent: nothing when the course already has a SATISFACTION
 * questionnaire): SST and Excel get one (so a completion in the demo e-mails a survey), the public
 * page fields; Excel gets four alumni (accounts with a COMPLETED enrollment and no membership, so member lists keep the demo personas) plus the demo learner, their sent end-of-course
 * invitations (four answered), and follow-ups (one answered, the others due later), through the
 * survey services at their demo dates: scheduled as a completion schedules them, sent (the
 * invitation e-mails in the outbox) and answered with the e-mailed link's token.
 */
export async function seedSurveys(db: Db, tenantId: string, tenantSlug: string, people: { learner: string }, now = clock.now()): Promise<void> {
  const scope = forTenant(tenantId);
  for (const [slug, fields] of Object.entries(PUBLIC_FIELDS)) {
    const [course] = await db.select().from(courses).where(scope.where(courses, eq(courses.slug, slug))).limit(1);
    if (!course) continue;
    const seo = course.seoMetadata ?? {};
    await db
      .update(courses)
      .set({
        accessLeadTime: course.accessLeadTime ?? fields.accessLeadTime,
        successRate: course.successRate ?? fields.successRate,
        seoMetadata: {
          ...seo,
          faq: seo.faq?.length ? seo.faq : fields.faq,
          metaDescription: seo.metaDescription ?? `${course.title} : objectifs, programme, tarifs, délais d'accès et résultats de la formation.`,
        },
      })
      .where(scope.where(courses, eq(courses.id, course.id)));
    const form = await satisfactionQuestionnaire(db, scope, course.id, "Votre avis sur la formation", now);
    if (!form || slug !== EXCEL) continue;

    const answers: { rating: string; objectives: string; recommend: "Oui" | "Non"; comment?: string }[] = [
      { rating: "5", objectives: "5", recommend: "Oui", comment: "Exemples concrets, directement applicables au travail." },
      { rating: "4", objectives: "5", recommend: "Oui" },
      { rating: "5", objectives: "4", recommend: "Oui", comment: "Le formateur prend le temps de répondre." },
      { rating: "3", objectives: "4", recommend: "Oui", comment: "Un peu rapide sur les segments." },
    ];
    const learners: string[] = [people.learner];
    for (let i = 1; i <= 4; i++) {
      const user = await ensureUser(db, { email: `alumni${i}@${tenantSlug}.test`, firstName: ["Hugo", "Manon", "Karim", "Sarah"][i - 1]!, lastName: ["Roux", "Fournier", "Haddad", "Lefèvre"][i - 1]! });
      learners.push(user.id);
    }
    for (const [i, userId] of learners.entries()) {
      const completedAt = new Date(now.getTime() - (120 - i * 20) * DAY);
      let [enr] = await db
        .select({ id: enrollments.id, completedAt: enrollments.completedAt })
        .from(enrollments)
        .where(scope.where(enrollments, and(eq(enrollments.courseId, course.id), eq(enrollments.userId, userId))))
        .limit(1);
      if (!enr) {
        const id = newId("enr");
        await db.insert(enrollments).values(
          scope.values(enrollments, { id, courseId: course.id, userId, status: "COMPLETED" as const, enrolledAt: new Date(completedAt.getTime() - 14 * DAY), completedAt, lastActivityAt: completedAt }),
        );
        enr = { id, completedAt };
        await completeAllLessons(db, scope, { enrollmentId: id, courseId: course.id, at: completedAt });
      }
      const done = enr.completedAt ?? completedAt;
      const a = answers[i - 1];
      // As a completion does: the END_OF_COURSE survey due at once, the FOLLOW_UP one SURVEY_FOLLOW_UP_DAYS later.
      await scheduleSurveys(db, scope, { id: enr.id, courseId: course.id, userId }, done);
      const invitations = await db
        .select({ id: surveyInvitations.id, kind: surveyInvitations.kind, dueAt: surveyInvitations.dueAt })
        .from(surveyInvitations)
        .where(scope.where(surveyInvitations, eq(surveyInvitations.enrollmentId, enr.id)));
      const end = invitations.find((v) => v.kind === "END_OF_COURSE")!;
      const follow = invitations.find((v) => v.kind === "FOLLOW_UP")!;
      await sendInvitation(db, scope, end.id, done);
      if (a) {
        const list: TSubmitSurveyInput["answers"] = [
          { questionId: form.rating, choiceIds: [`c${RATING.indexOf(a.rating)}`] },
          { questionId: form.objectives, choiceIds: [`c${RATING.indexOf(a.objectives)}`] },
          { questionId: form.recommend, choiceIds: [a.recommend === "Oui" ? "c0" : "c1"] },
          ...(a.comment ? [{ questionId: form.comment, text: a.comment }] : []),
        ];
        await answer(db, scope, end.id, list, new Date(done.getTime() + DAY));
      }
      // The follow-up: sent when due (and answered by the first alumnus), else left pending.
      if (follow.dueAt <= now) {
        await sendInvitation(db, scope, follow.id, follow.dueAt);
        if (i === 1) {
          await answer(
            db,
            scope,
            follow.id,
            [
              { questionId: form.rating, choiceIds: ["c4"] },
              { questionId: form.objectives, choiceIds: ["c4"] },
              { questionId: form.recommend, choiceIds: ["c0"] },
              { questionId: form.comment, text: "J'utilise les tableaux croisés chaque semaine." },
            ],
            new Date(follow.dueAt.getTime() + 2 * DAY),
          );
        }
      }
    }
  }
}
