import { and, eq, gte, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import {
  complaints,
  courses,
  courseTrainers,
  documents,
  emargements,
  enrollments,
  improvementPlans,
  lessonProgress,
  lessons,
  liveSessions,
  modules,
  needsAnalyses,
  questionnaires,
  quizAttempts,
  surveyResponses,
  trainerCompetencies,
} from "../../db/schema";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { TenantScope } from "../../db/tenant-scope";
import type { TDashboard, TIndicatorStatus } from "../../contracts/qualiopi";
import type { CourseRow } from "../courses/access";
import { EVIDENCE } from "./evidence-map";
import { INDICATORS } from "./indicators";

/**
 * The Qualiopi dashboard: for each of the 32 indicators, the platform records that evidence it
 * (with counts and a link to them) and the gaps. Tenant-wide, or for one course (course-scoped
 * records filtered to it; tenant-level records such as trainer competencies and improvement
 * plans stay tenant-wide, they serve every course).
 */

type Source = { source: string; label: string; indicators: number[]; link: string | null; count: (q: Q) => Promise<number> };
type Q = { db: DbOrTx; scope: TenantScope; course: CourseRow | null; today: string };

const n = (v: unknown) => Number(v ?? 0);

async function countOf(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(table).where(where);
  return n(row?.n);
}

/** Rows of `column`'s table that belong to the course (or to any course of the tenant). */
const ofCourses = (q: Q, column: PgColumn) => (q.course ? eq(column, q.course.id) : undefined);
const enrollmentIdsOfCourse = (q: Q) => sql`(select ${enrollments.id} from ${enrollments} where ${q.scope.where(enrollments, ofCourses(q, enrollments.courseId))})`;
const sessionIdsOfCourse = (q: Q) => sql`(select ${liveSessions.id} from ${liveSessions} where ${q.scope.where(liveSessions, ofCourses(q, liveSessions.courseId))})`;
const courseFilter = (q: Q, column: PgColumn) => (q.course ? eq(column, q.course.id) : undefined);

const docCount = (kinds: string[]) => (q: Q) =>
  countOf(
    q.db,
    documents,
    q.scope.where(
      documents,
      inArray(documents.kind, kinds as never[]),
      q.course
        ? or(sql`${documents.enrollmentId} in ${enrollmentIdsOfCourse(q)}`, and(eq(documents.subjectType, "COURSE"), eq(documents.subjectId, q.course.id)))
        : undefined,
    ),
  );

const publishedWith = (cond: (q: Q) => SQL | undefined) => (q: Q) =>
  countOf(q.db, courses, q.scope.where(courses, eq(courses.status, "PUBLISHED"), q.course ? eq(courses.id, q.course.id) : undefined, cond(q)));

const questionnaireAttempts = (kind: "QUIZ" | "POSITIONING" | "SATISFACTION") => (q: Q) =>
  countOf(
    q.db,
    quizAttempts,
    q.scope.where(
      quizAttempts,
      sql`${quizAttempts.questionnaireId} in (select ${questionnaires.id} from ${questionnaires} where ${q.scope.where(questionnaires, eq(questionnaires.kind, kind), ofCourses(q, questionnaires.courseId))})`,
    ),
  );

const filled = (col: PgColumn) => sql`coalesce(trim(${col}), '') <> ''`;

const SOURCES: Source[] = [
  {
    source: "courses.published",
    label: "Formations publiées avec leur fiche complète (objectifs, prérequis, durée, accessibilité)",
    indicators: [1, 5, 6],
    link: "/courses",
    count: publishedWith(() => and(filled(courses.pedagogicalObjectives), filled(courses.prerequisites))),
  },
  {
    source: "enrollments.completed",
    label: "Parcours terminés (taux d'achèvement publiés)",
    indicators: [2],
    link: "/enrollments",
    count: (q) => countOf(q.db, enrollments, q.scope.where(enrollments, eq(enrollments.status, "COMPLETED"), courseFilter(q, enrollments.courseId))),
  },
  {
    source: "courses.certifying",
    label: "Formations certifiantes avec numéro de certification en cours de validité",
    indicators: [3, 7, 16],
    link: "/courses",
    count: publishedWith((q) => and(filled(courses.certificationNumber), or(isNull(courses.certificationValidUntil), gte(courses.certificationValidUntil, q.today)))),
  },
  { source: "documents.CONVENTION", label: "Conventions de formation", indicators: [...EVIDENCE.CONVENTION.indicators], link: "/documents", count: docCount(["CONVENTION"]) },
  {
    source: "needsAnalyses",
    label: "Analyses des besoins réalisées",
    indicators: [4, 8],
    link: "/needs",
    // For one course: the analyses attached to one of its enrollments.
    count: (q) => countOf(q.db, needsAnalyses, q.scope.where(needsAnalyses, q.course ? sql`${needsAnalyses.enrollmentId} in ${enrollmentIdsOfCourse(q)}` : undefined)),
  },
  {
    source: "questionnaires.POSITIONING",
    label: "Tests de positionnement passés",
    indicators: [8],
    link: "/courses",
    count: questionnaireAttempts("POSITIONING"),
  },
  { source: "documents.CONVOCATION", label: "Convocations envoyées", indicators: [9], link: "/documents", count: docCount(["CONVOCATION"]) },
  {
    source: "sessions",
    label: "Sessions planifiées (programme et horaires communiqués)",
    indicators: [9, 18],
    link: "/sessions",
    count: (q) => countOf(q.db, liveSessions, q.scope.where(liveSessions, ne(liveSessions.status, "CANCELLED"), courseFilter(q, liveSessions.courseId))),
  },
  {
    source: "emargements",
    label: "Émargements scellés",
    indicators: [10, 12],
    link: "/sessions",
    count: (q) => countOf(q.db, emargements, q.scope.where(emargements, q.course ? sql`${emargements.sessionId} in ${sessionIdsOfCourse(q)}` : undefined)),
  },
  {
    source: "lessonProgress",
    label: "Suivis de progression des apprenants",
    indicators: [10, 12],
    link: "/enrollments",
    count: (q) => countOf(q.db, lessonProgress, q.scope.where(lessonProgress, q.course ? sql`${lessonProgress.enrollmentId} in ${enrollmentIdsOfCourse(q)}` : undefined)),
  },
  { source: "questionnaires.QUIZ", label: "Évaluations des acquis (quiz passés)", indicators: [11], link: "/courses", count: questionnaireAttempts("QUIZ") },
  { source: "documents.CERTIFICATE", label: "Certificats et attestations de fin de formation", indicators: [11], link: "/documents", count: docCount(["CERTIFICATE", "ATTESTATION"]) },
  {
    source: "lessons",
    label: "Ressources pédagogiques en ligne (leçons)",
    indicators: [17, 19],
    link: "/courses",
    count: (q) =>
      countOf(
        q.db,
        lessons,
        q.scope.where(lessons, sql`${lessons.moduleId} in (select ${modules.id} from ${modules} where ${q.scope.where(modules, ofCourses(q, modules.courseId))})`),
      ),
  },
  {
    source: "courseTrainers",
    label: "Formateurs affectés aux formations",
    indicators: [18, 21],
    link: "/courses",
    count: (q) => countOf(q.db, courseTrainers, q.scope.where(courseTrainers, courseFilter(q, courseTrainers.courseId))),
  },
  {
    source: "trainerCompetencies",
    label: "Compétences des formateurs justifiées (CV, diplômes)",
    indicators: [21],
    link: "/users",
    count: (q) =>
      countOf(
        q.db,
        trainerCompetencies,
        q.scope.where(
          trainerCompetencies,
          q.course ? sql`${trainerCompetencies.userId} in (select ${courseTrainers.userId} from ${courseTrainers} where ${q.scope.where(courseTrainers, eq(courseTrainers.courseId, q.course.id))})` : undefined,
        ),
      ),
  },
  {
    source: "trainerCompetencies.valid",
    label: "Compétences en cours de validité (développement des compétences)",
    indicators: [22],
    link: "/users",
    count: (q) => countOf(q.db, trainerCompetencies, q.scope.where(trainerCompetencies, gte(trainerCompetencies.validUntil, q.today))),
  },
  {
    source: "courses.accessibility",
    label: "Formations avec référent handicap et modalités d'accessibilité",
    indicators: [26],
    link: "/courses",
    count: publishedWith(() => and(filled(courses.accessibilityInfo), filled(courses.disabilityReferentContact))),
  },
  {
    source: "surveys.responses",
    label: "Enquêtes de satisfaction remplies (fin de formation et à froid)",
    indicators: [30],
    link: "/courses",
    // The answers to the signed-link surveys (services/surveys): the record the satisfaction rate is computed from.
    count: (q) => countOf(q.db, surveyResponses, q.scope.where(surveyResponses, ofCourses(q, surveyResponses.courseId))),
  },
  {
    source: "complaints",
    label: "Réclamations enregistrées et traitées",
    indicators: [31],
    link: "/quality",
    count: (q) => countOf(q.db, complaints, q.scope.where(complaints, courseFilter(q, complaints.courseId))),
  },
  {
    source: "improvementPlans",
    label: "Plans d'amélioration continue",
    indicators: [32],
    link: "/quality",
    count: (q) => countOf(q.db, improvementPlans, q.scope.where(improvementPlans, isNull(improvementPlans.deletedAt))),
  },
];

/** Indicators whose evidence lives outside the platform's records (monitoring logs, contracts, CFA staff). */
const OUTSIDE: Record<number, string> = {
  13: "Journal de liaison centre / entreprise à tenir hors plateforme (alternance).",
  14: "Accompagnement socio-professionnel des apprentis : preuves hors plateforme (CFA).",
  15: "Information des apprentis sur leurs droits et devoirs : preuves hors plateforme (CFA).",
  20: "Référent mobilité et conseil de perfectionnement : preuves hors plateforme (CFA).",
  23: "Veille légale et réglementaire : registre de veille à tenir hors plateforme.",
  24: "Veille emplois, métiers et compétences : registre de veille à tenir hors plateforme.",
  25: "Veille pédagogique et technologique : registre de veille à tenir hors plateforme.",
  27: "Contrats de sous-traitance ou de portage : à conserver hors plateforme.",
  28: "Réseau de partenaires socio-économiques : preuves hors plateforme (alternance).",
  29: "Actions d'insertion professionnelle : preuves hors plateforme (CFA).",
};

export async function qualiopiDashboard(db: DbOrTx, scope: TenantScope, course: CourseRow | null, now: Date): Promise<TDashboard> {
  const q: Q = { db, scope, course, today: now.toISOString().slice(0, 10) };
  const counts = await Promise.all(SOURCES.map((s) => s.count(q)));
  const base = course ? `/courses/${course.id}` : null;
  const indicators: TIndicatorStatus[] = INDICATORS.map((def) => {
    const evidence = SOURCES.flatMap((s, i) =>
      s.indicators.includes(def.indicator) ? [{ source: s.source, label: s.label, count: counts[i]!, link: s.link === "/courses" && base ? base : s.link }] : [],
    );
    const platformEvidence = evidence.length > 0;
    const evidenced = evidence.some((e) => e.count > 0);
    const gap = evidenced
      ? null
      : platformEvidence
        ? `Aucun enregistrement : ${evidence.map((e) => e.label.toLowerCase()).join(" ; ")}.`
        : (OUTSIDE[def.indicator] ?? "Aucune preuve gérée par la plateforme.");
    return { ...def, evidenced, platformEvidence, evidence, gap };
  });
  return {
    courseId: course?.id ?? null,
    courseTitle: course?.title ?? null,
    generatedAt: now.toISOString(),
    indicatorsTotal: 32,
    indicatorsEvidenced: indicators.filter((i) => i.evidenced).length,
    commonTotal: 22,
    commonEvidenced: indicators.filter((i) => i.evidenced && i.scope === "COMMON").length,
    indicators,
  };
}
