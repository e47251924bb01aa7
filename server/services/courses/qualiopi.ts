import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { courseTrainers, lessons, modules, questionnaires, tenantLegalIdentities, tenants } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { QUALIOPI_TEXT_FIELDS, type TPublicationCheck, type TPublicationRuleCode } from "../../contracts/courses";
import { unprocessable } from "../../errors";
import type { CourseRow } from "./access";

/**
 * The publication rules, written once: POST /publish, PATCH status PUBLISHED, bulk creation
 * with publish, GET /qualiopi-status and the publication check all read them from here.
 * Each rule names the Qualiopi indicator it serves (see shared/compliance/qualiopi-indicators.md).
 */
const PUBLICATION_FAILED_MESSAGE = "Course cannot be published: Qualiopi requirements missing";

export type PublicationFacts = {
  course: Pick<CourseRow, "title" | "description" | "duration" | "certificationNumber" | "certificationValidUntil" | "activityNumber"> &
    Pick<CourseRow, (typeof QUALIOPI_TEXT_FIELDS)[number]>;
  /** Modules holding at least one lesson. */
  modulesWithLessons: number;
  ofMode: boolean;
  /** The tenant's NDA from its legal identity: when set, it stands for every course's activityNumber. */
  tenantNda?: string | null;
  hasPrimaryTrainer: boolean;
  questionnaireKinds: ReadonlySet<string>;
  /** Today as YYYY-MM-DD (UTC). */
  today: string;
};

type Check = { indicator: number; field: string; code: TPublicationRuleCode; blocking: boolean; applies: boolean; ok: boolean; message: string };

const filled = (v: string | null | undefined) => typeof v === "string" && v.trim().length > 0;

/** Indicator of each mandatory text field. */
const TEXT_RULES: { field: "title" | "description" | (typeof QUALIOPI_TEXT_FIELDS)[number]; indicator: number }[] = [
  { field: "title", indicator: 1 },
  { field: "description", indicator: 1 },
  { field: "pedagogicalObjectives", indicator: 5 },
  { field: "prerequisites", indicator: 1 },
  { field: "targetAudience", indicator: 6 },
  { field: "teachingMethods", indicator: 6 },
  { field: "evaluationMethods", indicator: 11 },
  { field: "accessibilityInfo", indicator: 26 },
  { field: "disabilityReferentContact", indicator: 26 },
];

function checks(f: PublicationFacts): Check[] {
  const c = f.course;
  const blocker = (indicator: number, field: string, code: TPublicationRuleCode, ok: boolean, message: string, applies = true): Check => ({ indicator, field, code, blocking: true, applies, ok, message });
  const warning = (indicator: number, field: string, code: TPublicationRuleCode, ok: boolean, message: string, applies = true): Check => ({ indicator, field, code, blocking: false, applies, ok, message });
  return [
    ...TEXT_RULES.map(({ field, indicator }) => blocker(indicator, field, "FIELD_REQUIRED", filled(c[field]), `${field} is required`)),
    blocker(1, "duration", "DURATION_REQUIRED", (c.duration ?? 0) > 0, "duration must be greater than 0"),
    blocker(6, "modules", "MODULES_REQUIRED", f.modulesWithLessons > 0, "modules: at least one module with at least one lesson is required"),
    blocker(1, "activityNumber", "ACTIVITY_NUMBER_REQUIRED", filled(c.activityNumber) || filled(f.tenantNda), "activityNumber is required (OF mode)", f.ofMode),
    blocker(7, "certificationValidUntil", "CERTIFICATION_EXPIRED", !c.certificationValidUntil || c.certificationValidUntil >= f.today, "certificationValidUntil is in the past", !!c.certificationValidUntil),
    warning(21, "trainers", "NO_PRIMARY_TRAINER", f.hasPrimaryTrainer, "No PRIMARY trainer assigned (indicator 21: trainer competencies)"),
    warning(8, "questionnaires", "NO_POSITIONING_QUESTIONNAIRE", f.questionnaireKinds.has("POSITIONING"), "No POSITIONING questionnaire (indicator 8: entry positioning)"),
    warning(11, "questionnaires", "NO_QUIZ", f.questionnaireKinds.has("QUIZ"), "No QUIZ questionnaire (indicator 11: assessment of the objectives)"),
    warning(30, "questionnaires", "NO_SATISFACTION_SURVEY", f.questionnaireKinds.has("SATISFACTION"), "No SATISFACTION questionnaire (indicator 30: feedback collection)"),
    warning(7, "certificationValidUntil", "CERTIFICATION_DATE_MISSING", !!c.certificationValidUntil, "certificationNumber is set without certificationValidUntil", filled(c.certificationNumber)),
  ];
}

/** The blocking messages, one per missing field: the 422 `errors` list. */
export function publicationErrors(f: PublicationFacts): string[] {
  return checks(f)
    .filter((c) => c.blocking && c.applies && !c.ok)
    .map((c) => c.message);
}

/**
 * The "Publication check" record: score = share of the applicable checks met (0-100);
 * indicatorsTotal = distinct indicators the applicable checks serve; indicatorsCovered =
 * those whose checks all pass.
 */
export function publicationCheck(f: PublicationFacts): TPublicationCheck {
  const applicable = checks(f).filter((c) => c.applies);
  const failed = applicable.filter((c) => !c.ok);
  const indicators = new Set(applicable.map((c) => c.indicator));
  const failing = new Set(failed.map((c) => c.indicator));
  const rule = (c: Check) => ({ indicator: c.indicator, field: c.field, code: c.code, params: { field: c.field }, message: c.message });
  const blockers = failed.filter((c) => c.blocking).map(rule);
  return {
    canPublish: blockers.length === 0,
    score: applicable.length ? Math.round((100 * (applicable.length - failed.length)) / applicable.length) : 100,
    indicatorsCovered: [...indicators].filter((i) => !failing.has(i)).length,
    indicatorsTotal: indicators.size,
    blockers,
    warnings: failed.filter((c) => !c.blocking).map(rule),
  };
}

export const isoDay = (now: Date) => now.toISOString().slice(0, 10);

/** What the rules need beyond the course row, in one query. */
export async function loadPublicationFacts(db: DbOrTx, scope: TenantScope, course: PublicationFacts["course"] & { id: string }, now: Date): Promise<PublicationFacts> {
  const withLessons = db
    .select({ n: sql<number>`count(*)` })
    .from(modules)
    .where(
      scope.where(
        modules,
        eq(modules.courseId, course.id),
        sql`exists (select 1 from ${lessons} where ${scope.where(lessons, eq(lessons.moduleId, modules.id))})`,
      ),
    );
  const primary = db
    .select({ n: sql<number>`count(*)` })
    .from(courseTrainers)
    .where(scope.where(courseTrainers, eq(courseTrainers.courseId, course.id), eq(courseTrainers.role, "PRIMARY")));
  const kinds = db
    .select({ k: sql<string>`string_agg(distinct ${questionnaires.kind}::text, ',')` })
    .from(questionnaires)
    .where(scope.where(questionnaires, eq(questionnaires.courseId, course.id)));
  const [row] = await db
    .select({
      ofMode: tenants.ofMode,
      tenantNda: sql<string | null>`(select ${tenantLegalIdentities.nda} from ${tenantLegalIdentities} where ${tenantLegalIdentities.tenantId} = ${tenants.id})`,
      modulesWithLessons: sql<number>`(${withLessons})`.mapWith(Number),
      primaryTrainers: sql<number>`(${primary})`.mapWith(Number),
      kinds: sql<string | null>`(${kinds})`,
    })
    .from(tenants)
    .where(and(eq(tenants.id, scope.tenantId)))
    .limit(1);
  return {
    course,
    modulesWithLessons: row?.modulesWithLessons ?? 0,
    ofMode: row?.ofMode ?? true,
    tenantNda: row?.tenantNda ?? null,
    hasPrimaryTrainer: (row?.primaryTrainers ?? 0) > 0,
    questionnaireKinds: new Set((row?.kinds ?? "").split(",").filter(Boolean)),
    today: isoDay(now),
  };
}

/** 422 with one `errors` entry per missing requirement, or nothing. */
export async function assertPublishable(db: DbOrTx, scope: TenantScope, course: CourseRow, now: Date): Promise<void> {
  const errors = publicationErrors(await loadPublicationFacts(db, scope, course, now));
  if (errors.length) throw unprocessable(PUBLICATION_FAILED_MESSAGE, errors, "COURSE_NOT_PUBLISHABLE");
}
