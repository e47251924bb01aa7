import { Readable } from "node:stream";
import { and, asc, desc, eq, gt, inArray, isNotNull, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { sameTenant } from "../../db/tenant-scope";
import type { DbOrTx } from "../../db";
import { conventions, conventionVersions, courseTrainers, documents, enrollments, lessons, liveSessions, modules, questionnaires, quizAttempts, sessionTrainers, trainerCompetencies, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import type { TAuditDocumentType, TAuditFolder } from "../../contracts/qualiopi";
import { documentKey, documentStorage } from "../documents/storage";
import { renderDocument } from "../documents/render-pool";
import { buildSheetPdf } from "../attendance/sheet/sheet-pdf";
import type { CourseRow } from "../courses/access";
import type { Block, Inline } from "../documents/template-body";
import type { Caller } from "../../auth/caller";
import { activityLogs, complaints, improvementActions, improvementPlans, needsAnalyses } from "../../db/schema";
import { csvChunks, type ExportColumn, type ExportTable } from "../exports/table";
import { complaintCategoryFr, complaintStatusFr, courseFormatFr, courseLevelFr, frenchDate, planStatusFr, planTriggerFr, severityFr } from "../exports/labels";
import { EVIDENCE, indicatorsOf } from "./evidence-map";
import { getSurveyResults } from "../surveys/results";

/**
 * THE listing of a course's audit evidence: one function, read by the preview (names, sizes,
 * indicators) and by the ZIP (which opens each entry's bytes lazily, one at a time). Entries are
 * yielded folder by folder, in archive order; stored documents are paged from the database
 * (keyset on id), so the listing never holds more than one page of rows.
 */
export type AuditEntry = {
  /** Path inside the archive: `<folder>/<file>` (unique, so it carries the record's id). */
  name: string;
  /** What a reader calls it, without any id: the stored file's own name, the session, questionnaire, course or trainer; null for a register. */
  subject: string | null;
  /** The day it is about (an attendance sheet's session), ISO; null otherwise. */
  date: string | null;
  folder: TAuditFolder;
  type: TAuditDocumentType;
  /** The indicators it proves: EVIDENCE[type] (evidence-map.ts), the one table. */
  indicators: number[];
  /** The record the file comes from. */
  record: { type: "document" | "live_session" | "questionnaire" | "course" | "trainer" | "register"; id: string };
  /** Stored size (stored documents) or an estimate (generated files). */
  sizeBytes: number;
  estimated: boolean;
  /** The SHA-256 the documents table recorded at generation (stored documents). */
  recordedSha256?: string;
  /** Whether the archive should deflate it (PDFs are already compressed). */
  compress: boolean;
  /** Opens the bytes; called only when the archive reaches this entry. */
  open: () => Promise<Readable>;
};

export type AuditContext = {
  db: DbOrTx;
  caller: Caller;
  scope: TenantScope;
  course: CourseRow;
  now: Date;
  timeZone: string;
  tenantName: string;
  accentColor: string | null;
  /** The NDA printed: the legal identity's, else the course's activityNumber; null prints "non renseigné". */
  activityNumber: string | null;
};

const PAGE = 500;

/** Stored documents: the document kind's evidence type (its folder and indicators come from EVIDENCE). */
const KIND_TYPE: Record<string, TAuditDocumentType> = {
  CONVENTION: "CONVENTION",
  CONVOCATION: "CONVOCATION",
  EMARGEMENT: "EMARGEMENT",
  CERTIFICATE: "CERTIFICATE",
  ATTESTATION: "ATTESTATION",
  PROGRAMME: "PROGRAMME",
  OTHER: "OTHER",
};
const FOLDER_KINDS: Record<string, string[]> = {
  convention: ["CONVENTION", "CONVOCATION"],
  emargement: ["EMARGEMENT"],
  attestation: ["CERTIFICATE", "ATTESTATION"],
  programme: ["PROGRAMME", "OTHER"],
};
const QUESTIONNAIRE_TYPE: Record<string, TAuditDocumentType> = { QUIZ: "EVALUATION", POSITIONING: "POSITIONING", SATISFACTION: "SURVEY" };

/** An entry of a type: folder and indicators from the one table. */
const placed = (type: TAuditDocumentType) => ({ type, folder: EVIDENCE[type].folder, indicators: indicatorsOf(type) });

/** Estimates for files generated on the fly (measured on the demo data, rounded up). */
const EST = { sheet: 60_000, programme: 40_000, trainer: 35_000, csvHeader: 120, csvRow: 140 };

export const safeName = (s: string, max = 60) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max) || "fichier";

const bufferStream = (b: Uint8Array | string) => Readable.from([typeof b === "string" ? Buffer.from(b, "utf8") : Buffer.from(b.buffer, b.byteOffset, b.byteLength)]);

/** A stored file that vanished from storage: the entry says so instead of breaking the archive. */
const missingText = (docId: string, sha: string) =>
  `Fichier absent du stockage.\nDocument: ${docId}\nSHA-256 enregistré à la génération: ${sha}\n`;

/** The course's stored documents of some kinds (enrollments of the course, the course itself, its sessions' participants), paged by id; `also`: a further condition. */
async function* storedDocuments(ctx: AuditContext, kinds: string[], also?: SQL) {
  if (!kinds.length) return;
  const { db, scope, course } = ctx;
  const ofCourse = or(
    sql`${documents.enrollmentId} in (select ${enrollments.id} from ${enrollments} where ${scope.where(enrollments, eq(enrollments.courseId, course.id))})`,
    and(eq(documents.subjectType, "COURSE"), eq(documents.subjectId, course.id)),
    and(
      eq(documents.subjectType, "SESSION_PARTICIPANT"),
      sql`split_part(${documents.subjectId}, ':', 1) in (select ${liveSessions.id} from ${liveSessions} where ${scope.where(liveSessions, eq(liveSessions.courseId, course.id))})`,
    ),
  );
  let after = "";
  for (;;) {
    const rows = await db
      .select({ id: documents.id, kind: documents.kind, fileName: documents.fileName, sha256: documents.sha256, sizeBytes: documents.sizeBytes })
      .from(documents)
      .where(scope.where(documents, inArray(documents.kind, kinds as never[]), gt(documents.id, after), ofCourse, also))
      .orderBy(asc(documents.id))
      .limit(PAGE);
    for (const r of rows) yield r;
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** The files of the versioned conventions (services/conventions), unsigned and signed, as a sub-query on documents' ids. */
function conventionVersionFiles(ctx: AuditContext): SQL {
  return sql`(select ${conventionVersions.documentId} from ${conventionVersions} where ${ctx.scope.where(conventionVersions)} union all select ${conventionVersions.signedDocumentId} from ${conventionVersions} where ${ctx.scope.where(conventionVersions, isNotNull(conventionVersions.signedDocumentId))})`;
}

/**
 * The versioned conventions of the course's enrollments, one file each: the latest version sent
 * or signed (SENT, SIGNED, or SUPERSEDED when no later version was sent yet), its signed PDF when
 * it is signed, else the PDF sent. A convention never sent (DRAFT only) files nothing.
 */
async function conventionDocuments(ctx: AuditContext) {
  const { db, scope, course } = ctx;
  const versions = await db
    .select({ conventionId: conventionVersions.conventionId, documentId: conventionVersions.documentId, signedDocumentId: conventionVersions.signedDocumentId })
    .from(conventionVersions)
    .innerJoin(conventions, scope.where(conventions, eq(conventions.id, conventionVersions.conventionId)))
    .innerJoin(enrollments, scope.where(enrollments, eq(enrollments.id, conventions.enrollmentId), eq(enrollments.courseId, course.id)))
    .where(scope.where(conventionVersions, ne(conventionVersions.status, "DRAFT")))
    .orderBy(asc(conventionVersions.conventionId), desc(conventionVersions.version));
  const chosen = new Map<string, string>();
  for (const v of versions) if (!chosen.has(v.conventionId)) chosen.set(v.conventionId, v.signedDocumentId ?? v.documentId);
  if (!chosen.size) return [];
  return db
    .select({ id: documents.id, kind: documents.kind, fileName: documents.fileName, sha256: documents.sha256, sizeBytes: documents.sizeBytes })
    .from(documents)
    .where(scope.where(documents, inArray(documents.id, [...chosen.values()])))
    .orderBy(asc(documents.id));
}

function storedEntry(ctx: AuditContext, r: { id: string; kind: string; fileName: string; sha256: string; sizeBytes: number }): AuditEntry {
  const place = placed(KIND_TYPE[r.kind] ?? "OTHER");
  const ext = /\.[A-Za-z0-9]{1,5}$/.exec(r.fileName)?.[0] ?? ".pdf";
  const sha = r.sha256.replace(/^sha256:/, "");
  return {
    name: `${place.folder}/${r.id}-${safeName(r.fileName.replace(/\.[A-Za-z0-9]{1,5}$/, ""))}${ext}`,
    subject: r.fileName,
    date: null,
    ...place,
    record: { type: "document", id: r.id },
    sizeBytes: Number(r.sizeBytes),
    estimated: false,
    recordedSha256: sha,
    compress: false,
    open: async () => {
      const file = await documentStorage().open(documentKey(ctx.scope.tenantId, r.id));
      return file ? file.stream : bufferStream(missingText(r.id, sha));
    },
  };
}

/** The course's sessions (not cancelled): one attendance sheet each. */
async function sessionsOf(ctx: AuditContext) {
  return ctx.db
    .select({ id: liveSessions.id, title: liveSessions.title, scheduledAt: liveSessions.scheduledAt, durationMinutes: liveSessions.durationMinutes, status: liveSessions.status })
    .from(liveSessions)
    .where(ctx.scope.where(liveSessions, eq(liveSessions.courseId, ctx.course.id), ne(liveSessions.status, "CANCELLED")))
    .orderBy(asc(liveSessions.scheduledAt), asc(liveSessions.id));
}

/** Questionnaires with their attempt counts. */
async function questionnairesOf(ctx: AuditContext) {
  const attempts = ctx.db
    .select({ n: sql<number>`count(*)` })
    .from(quizAttempts)
    .where(ctx.scope.where(quizAttempts, eq(quizAttempts.questionnaireId, questionnaires.id)));
  return ctx.db
    .select({ id: questionnaires.id, title: questionnaires.title, kind: questionnaires.kind, attempts: sql<number>`(${attempts})`.mapWith(Number) })
    .from(questionnaires)
    .where(ctx.scope.where(questionnaires, eq(questionnaires.courseId, ctx.course.id)))
    .orderBy(asc(questionnaires.createdAt), asc(questionnaires.id));
}

/** A register as CSV, through the shared export writer (BOM, `;`, decimal comma, French headers, dates in the tenant's zone). */
function registerCsv<R>(ctx: AuditContext, columns: ExportColumn<R>[], rows: () => AsyncIterable<R[]> | Iterable<R[]>): Readable {
  const table: ExportTable<R> = { filename: "registre", sheetName: "Registre", columns, timeZone: ctx.timeZone, rows };
  return Readable.from(csvChunks(table, ";"));
}

type AttemptRow = { id: string; enrollmentId: string; userId: string; firstName: string; lastName: string; createdAt: Date; score: number | null; maxScore: number | null; percentage: number | null; passed: boolean | null };
const ATTEMPT_COLUMNS: ExportColumn<AttemptRow>[] = [
  { key: "attemptId", label: "Tentative", type: "text", value: (r) => r.id },
  { key: "enrollmentId", label: "Inscription", type: "text", value: (r) => r.enrollmentId },
  { key: "learnerId", label: "Identifiant apprenant", type: "text", value: (r) => r.userId },
  { key: "learner", label: "Apprenant", type: "text", value: (r) => `${r.firstName} ${r.lastName}` },
  { key: "date", label: "Date", type: "datetime", value: (r) => r.createdAt },
  { key: "score", label: "Score", type: "decimal", value: (r) => r.score },
  { key: "maxScore", label: "Score maximal", type: "decimal", value: (r) => r.maxScore },
  { key: "percentage", label: "Pourcentage", type: "decimal", value: (r) => r.percentage },
  { key: "passed", label: "Réussi", type: "text", value: (r) => (r.passed ? "oui" : "non") },
];

/** The attempts of one questionnaire as CSV, paged from the database while the archive reads it. */
function attemptsCsv(ctx: AuditContext, questionnaireId: string): Readable {
  const { db, scope } = ctx;
  async function* rows(): AsyncGenerator<AttemptRow[]> {
    let after = "";
    for (;;) {
      const page = await db
        .select({
          id: quizAttempts.id,
          enrollmentId: quizAttempts.enrollmentId,
          userId: enrollments.userId,
          firstName: users.firstName,
          lastName: users.lastName,
          createdAt: quizAttempts.createdAt,
          score: quizAttempts.score,
          maxScore: quizAttempts.maxScore,
          percentage: quizAttempts.percentage,
          passed: quizAttempts.passed,
        })
        .from(quizAttempts)
        .innerJoin(enrollments, sameTenant(enrollments, quizAttempts, enrollments.id, quizAttempts.enrollmentId))
        .innerJoin(users, eq(users.id, enrollments.userId))
        .where(scope.where(quizAttempts, eq(quizAttempts.questionnaireId, questionnaireId), gt(quizAttempts.id, after)))
        .orderBy(asc(quizAttempts.id))
        .limit(PAGE);
      yield page as AttemptRow[];
      if (page.length < PAGE) return;
      after = page[page.length - 1]!.id;
    }
  }
  return registerCsv(ctx, ATTEMPT_COLUMNS, rows);
}

const inline = (text: string, bold = false): Inline[] => [{ text, bold }];
const para = (text: string | null | undefined): Block => ({ type: "paragraph", lines: (text?.trim() || "Non renseigné").split("\n").map((l) => inline(l)) });
const h = (level: 1 | 2 | 3, text: string): Block => ({ type: "heading", level, content: inline(text) });

/** The programme of the course, as a PDF rendered by the document service from the course record. */
async function programmePdf(ctx: AuditContext): Promise<Uint8Array> {
  const { db, scope, course: c } = ctx;
  const mods = await db.select({ id: modules.id, title: modules.title }).from(modules).where(scope.where(modules, eq(modules.courseId, c.id))).orderBy(asc(modules.position), asc(modules.id));
  const less = mods.length
    ? await db
        .select({ moduleId: lessons.moduleId, title: lessons.title })
        .from(lessons)
        .where(scope.where(lessons, inArray(lessons.moduleId, mods.map((m) => m.id))))
        .orderBy(asc(lessons.position), asc(lessons.id))
    : [];
  const blocks: Block[] = [
    h(1, `Programme — ${c.title}`),
    para(c.description),
    h(2, "Objectifs pédagogiques"),
    para(c.pedagogicalObjectives),
    h(2, "Prérequis"),
    para(c.prerequisites),
    h(2, "Public visé"),
    para(c.targetAudience),
    h(2, "Durée et modalités"),
    para(`Durée : ${c.duration ?? "?"} heure(s). Format : ${courseFormatFr(c.format)}. Niveau : ${c.level ? courseLevelFr(c.level) : "non précisé"}.`),
    h(2, "Méthodes pédagogiques"),
    para(c.teachingMethods),
    h(2, "Modalités d'évaluation"),
    para(c.evaluationMethods),
    h(2, "Accessibilité et handicap"),
    para(c.accessibilityInfo),
    para(c.disabilityReferentContact ? `Référent handicap : ${c.disabilityReferentContact}` : null),
    h(2, "Déroulé"),
  ];
  for (const m of mods) {
    blocks.push(h(3, m.title));
    const items = less.filter((l) => l.moduleId === m.id).map((l) => inline(l.title));
    if (items.length) blocks.push({ type: "list", items });
  }
  return renderDocument("template-document", {
    title: `Programme — ${c.title}`,
    author: ctx.tenantName,
    accentColor: ctx.accentColor,
    blocks,
    footer: `${c.id} — N° de déclaration d'activité : ${ctx.activityNumber ?? "non renseigné"}`,
  });
}

/** The course's trainers (course staff and session trainers), with their competencies. */
async function trainersOf(ctx: AuditContext) {
  const { db, scope, course } = ctx;
  const staff = await db
    .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(
      or(
        sql`${users.id} in (select ${courseTrainers.userId} from ${courseTrainers} where ${scope.where(courseTrainers, eq(courseTrainers.courseId, course.id))})`,
        sql`${users.id} in (select ${sessionTrainers.userId} from ${sessionTrainers} join ${liveSessions} on ${sameTenant(liveSessions, sessionTrainers, liveSessions.id, sessionTrainers.sessionId)} where ${scope.where(sessionTrainers, eq(liveSessions.courseId, course.id))})`,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.id));
  return staff;
}

async function trainerPdf(ctx: AuditContext, t: { id: string; firstName: string; lastName: string; email: string }): Promise<Uint8Array> {
  const comps = await ctx.db
    .select({ domain: trainerCompetencies.domain, evidence: trainerCompetencies.evidence, validUntil: trainerCompetencies.validUntil })
    .from(trainerCompetencies)
    .where(ctx.scope.where(trainerCompetencies, eq(trainerCompetencies.userId, t.id)))
    .orderBy(asc(trainerCompetencies.domain), asc(trainerCompetencies.id));
  const [role] = await ctx.db
    .select({ role: courseTrainers.role })
    .from(courseTrainers)
    .where(ctx.scope.where(courseTrainers, eq(courseTrainers.courseId, ctx.course.id), eq(courseTrainers.userId, t.id)))
    .limit(1);
  const blocks: Block[] = [
    h(1, `Fiche intervenant — ${t.firstName} ${t.lastName}`),
    para(`Contact : ${t.email}\nFormation : ${ctx.course.title}\nRôle : ${role?.role === "SECONDARY" ? "intervenant secondaire" : role ? "formateur principal" : "formateur de session"}`),
    h(2, "Compétences et justificatifs"),
  ];
  if (comps.length)
    blocks.push({
      type: "list",
      items: comps.map((c) => [
        { text: c.domain, bold: true },
        { text: ` — ${c.evidence}${c.validUntil ? ` (valable jusqu'au ${c.validUntil})` : ""}`, bold: false },
      ]),
    });
  else blocks.push(para("Aucune compétence enregistrée."));
  return renderDocument("template-document", { title: `Fiche intervenant — ${t.firstName} ${t.lastName}`, author: ctx.tenantName, accentColor: ctx.accentColor, blocks, footer: `${t.id} — indicateur 21` });
}

/** A PDF rendered by the document service from blocks (public sheet, certification, accessibility). */
const blocksPdf = (ctx: AuditContext, title: string, blocks: Block[]) =>
  renderDocument("template-document", { title, author: ctx.tenantName, accentColor: ctx.accentColor, blocks, footer: `${ctx.course.id} — N° de déclaration d'activité : ${ctx.activityNumber ?? "non renseigné"}` });

const pct = (ratio: number | null | undefined) => (ratio === null || ratio === undefined ? "non mesuré" : `${(Math.round(ratio * 1000) / 10).toString().replace(".", ",")} %`);
const euros = (cents: number) => `${(cents / 100).toFixed(2).replace(".", ",")} €`;

/** Enrollment counts of the course (the result indicators of criterion 1). */
async function enrollmentCounts(ctx: AuditContext) {
  const [row] = await ctx.db
    .select({
      total: sql<number>`count(*) filter (where ${enrollments.status} <> 'CANCELLED')`.mapWith(Number),
      completed: sql<number>`count(*) filter (where ${enrollments.status} = 'COMPLETED')`.mapWith(Number),
    })
    .from(enrollments)
    .where(ctx.scope.where(enrollments, eq(enrollments.courseId, ctx.course.id)));
  return { total: row?.total ?? 0, completed: row?.completed ?? 0 };
}

/** Indicators 1 and 2: the course's public information, as published, and its result indicators. */
async function publicInfoPdf(ctx: AuditContext): Promise<Uint8Array> {
  const c = ctx.course;
  const counts = await enrollmentCounts(ctx);
  const survey = await getSurveyResults(ctx.db, ctx.caller, c.id).catch(() => null);
  const blocks: Block[] = [
    h(1, `Fiche publique — ${c.title}`),
    para(c.description),
    h(2, "Objectifs"),
    para(c.pedagogicalObjectives),
    h(2, "Prérequis et public visé"),
    para(`${c.prerequisites ?? "Non renseigné"}\n${c.targetAudience ?? ""}`),
    h(2, "Durée, modalités, délai d'accès et tarif"),
    para(
      `Durée : ${c.duration ?? "?"} heure(s) ; format : ${courseFormatFr(c.format)}.\nDélai d'accès : ${c.accessLeadTime ?? "non renseigné"}.\nTarif : ${c.price > 0 ? euros(c.price) : "gratuit"}.`,
    ),
    h(2, "Méthodes et modalités d'évaluation"),
    para(`${c.teachingMethods ?? "Non renseigné"}\n${c.evaluationMethods ?? ""}`),
    h(2, "Accessibilité"),
    para(`${c.accessibilityInfo ?? "Non renseigné"}${c.disabilityReferentContact ? `\nRéférent handicap : ${c.disabilityReferentContact}` : ""}`),
    h(2, "Indicateurs de résultats"),
    {
      type: "list",
      items: [
        inline(`Stagiaires inscrits : ${counts.total}`),
        inline(`Formations terminées : ${counts.completed} (${pct(counts.total ? counts.completed / counts.total : null)})`),
        inline(`Taux de satisfaction : ${pct(survey?.overall.satisfactionRate)} (${survey?.overall.responses ?? 0} réponse(s) aux enquêtes)`),
        inline(`Taux de réussite publié : ${c.successRate === null ? "non publié" : `${c.successRate} %`}`),
      ],
    },
  ];
  return blocksPdf(ctx, `Fiche publique — ${c.title}`, blocks);
}

/** Indicators 3, 7 and 16: the certification a certifying course prepares for. */
async function certificationPdf(ctx: AuditContext): Promise<Uint8Array> {
  const c = ctx.course;
  const counts = await enrollmentCounts(ctx);
  const blocks: Block[] = [
    h(1, `Certification visée — ${c.title}`),
    h(2, "Références"),
    para(`Certification : ${c.certificationNumber}\nValidité de l'enregistrement : ${c.certificationValidUntil ? `jusqu'au ${frenchDate(c.certificationValidUntil, ctx.timeZone)}` : "non renseignée"}`),
    h(2, "Taux d'obtention (indicateur 3)"),
    para(`Taux de réussite publié : ${c.successRate === null ? "non publié" : `${c.successRate} %`}. Parcours terminés : ${counts.completed} sur ${counts.total}.`),
    h(2, "Adéquation du contenu aux exigences de la certification (indicateur 7)"),
    para(c.pedagogicalObjectives),
    h(2, "Conditions de présentation à la certification (indicateur 16)"),
    para(c.evaluationMethods),
  ];
  return blocksPdf(ctx, `Certification — ${c.title}`, blocks);
}

/** Indicator 26: what the course states for people with disabilities. */
async function accessibilityPdf(ctx: AuditContext): Promise<Uint8Array> {
  const c = ctx.course;
  return blocksPdf(ctx, `Accueil des personnes en situation de handicap — ${c.title}`, [
    h(1, `Accueil des personnes en situation de handicap — ${c.title}`),
    h(2, "Adaptations proposées"),
    para(c.accessibilityInfo),
    h(2, "Référent handicap"),
    para(c.disabilityReferentContact),
  ]);
}

type NeedsRow = { id: string; enrollmentId: string | null; learner: string; createdAt: Date; currentLevel: string; targetLevel: string; objectives: string[]; context: string };
const NEEDS_COLUMNS: ExportColumn<NeedsRow>[] = [
  { key: "id", label: "Analyse", type: "text", value: (r) => r.id },
  { key: "enrollmentId", label: "Inscription", type: "text", value: (r) => r.enrollmentId },
  { key: "learner", label: "Apprenant", type: "text", value: (r) => r.learner },
  { key: "createdAt", label: "Date", type: "datetime", value: (r) => r.createdAt },
  { key: "currentLevel", label: "Niveau actuel", type: "text", value: (r) => courseLevelFr(r.currentLevel) },
  { key: "targetLevel", label: "Niveau visé", type: "text", value: (r) => courseLevelFr(r.targetLevel) },
  { key: "objectives", label: "Objectifs", type: "text", value: (r) => r.objectives.join(" ; ") },
  { key: "context", label: "Contexte", type: "text", value: (r) => r.context },
];

/** The needs analyses of the course's enrollments. */
async function needsOf(ctx: AuditContext): Promise<NeedsRow[]> {
  const rows = await ctx.db
    .select({
      id: needsAnalyses.id,
      enrollmentId: needsAnalyses.enrollmentId,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: needsAnalyses.createdAt,
      currentLevel: needsAnalyses.currentLevel,
      targetLevel: needsAnalyses.targetLevel,
      objectives: needsAnalyses.objectives,
      context: needsAnalyses.context,
    })
    .from(needsAnalyses)
    .innerJoin(enrollments, sameTenant(enrollments, needsAnalyses, enrollments.id, needsAnalyses.enrollmentId))
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(ctx.scope.where(needsAnalyses, eq(enrollments.courseId, ctx.course.id)))
    .orderBy(asc(needsAnalyses.createdAt), asc(needsAnalyses.id));
  return rows.map((r) => ({ ...r, learner: `${r.firstName} ${r.lastName}` }));
}

type LogRow = { createdAt: Date; learner: string; action: string; enrollmentId: string | null; lessonId: string | null };
const LOG_COLUMNS: ExportColumn<LogRow>[] = [
  { key: "createdAt", label: "Date", type: "datetime", value: (r) => r.createdAt },
  { key: "learner", label: "Apprenant", type: "text", value: (r) => r.learner },
  { key: "action", label: "Action", type: "text", value: (r) => r.action },
  { key: "enrollmentId", label: "Inscription", type: "text", value: (r) => r.enrollmentId },
  { key: "lessonId", label: "Leçon", type: "text", value: (r) => r.lessonId },
];

/** Connection and progress log of the course's learners (their enrollments' actions; distance learning, indicator 12), paged. */
function activityCsv(ctx: AuditContext): Readable {
  async function* rows(): AsyncGenerator<LogRow[]> {
    let after = "";
    for (;;) {
      const page = await ctx.db
        .select({ id: activityLogs.id, createdAt: activityLogs.createdAt, firstName: users.firstName, lastName: users.lastName, action: activityLogs.action, enrollmentId: activityLogs.enrollmentId, lessonId: activityLogs.lessonId })
        .from(activityLogs)
        .leftJoin(users, eq(users.id, activityLogs.userId))
        .where(ctx.scope.where(activityLogs, eq(activityLogs.courseId, ctx.course.id), isNotNull(activityLogs.enrollmentId), gt(activityLogs.id, after)))
        .orderBy(asc(activityLogs.id))
        .limit(PAGE);
      yield page.map((r) => ({ ...r, learner: r.firstName ? `${r.firstName} ${r.lastName}` : "" }));
      if (page.length < PAGE) return;
      after = page[page.length - 1]!.id;
    }
  }
  return registerCsv(ctx, LOG_COLUMNS, rows);
}

async function activityCount(ctx: AuditContext): Promise<number> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(activityLogs).where(ctx.scope.where(activityLogs, eq(activityLogs.courseId, ctx.course.id), isNotNull(activityLogs.enrollmentId)));
  return row?.n ?? 0;
}

type SurveyRow = { kind: string; prompt: string; answered: number; average: number | null; max: number | null; choices: string };
const SURVEY_COLUMNS: ExportColumn<SurveyRow>[] = [
  { key: "kind", label: "Enquête", type: "text", value: (r) => (r.kind === "FOLLOW_UP" ? "à froid" : "fin de formation") },
  { key: "prompt", label: "Question", type: "text", value: (r) => r.prompt },
  { key: "answered", label: "Réponses", type: "integer", value: (r) => r.answered },
  { key: "average", label: "Note moyenne", type: "decimal", value: (r) => r.average },
  { key: "max", label: "Note maximale", type: "integer", value: (r) => r.max },
  { key: "choices", label: "Répartition", type: "text", value: (r) => r.choices },
];

async function surveyRows(ctx: AuditContext): Promise<SurveyRow[]> {
  const results = await getSurveyResults(ctx.db, ctx.caller, ctx.course.id).catch(() => null);
  if (!results || results.overall.responses === 0) return [];
  return results.byKind.flatMap((k) =>
    k.questions.map((q) => ({
      kind: k.kind,
      prompt: q.prompt,
      answered: q.answered,
      average: q.rating?.average ?? null,
      max: q.rating?.max ?? null,
      choices: q.choices.map((c) => `${c.label} : ${c.count}`).join(" ; "),
    })),
  );
}

type ComplaintRow = { id: string; createdAt: Date; subject: string; category: string; severity: string; status: string; resolution: string | null; resolvedAt: Date | null; improvementPlanId: string | null };
const COMPLAINT_COLUMNS: ExportColumn<ComplaintRow>[] = [
  { key: "id", label: "Réclamation", type: "text", value: (r) => r.id },
  { key: "createdAt", label: "Reçue le", type: "datetime", value: (r) => r.createdAt },
  { key: "subject", label: "Objet", type: "text", value: (r) => r.subject },
  { key: "category", label: "Catégorie", type: "text", value: (r) => complaintCategoryFr(r.category) },
  { key: "severity", label: "Gravité", type: "text", value: (r) => severityFr(r.severity) },
  { key: "status", label: "Statut", type: "text", value: (r) => complaintStatusFr(r.status) },
  { key: "resolution", label: "Réponse apportée", type: "text", value: (r) => r.resolution },
  { key: "resolvedAt", label: "Résolue le", type: "datetime", value: (r) => r.resolvedAt },
  { key: "improvementPlanId", label: "Plan d'amélioration", type: "text", value: (r) => r.improvementPlanId },
];

/** The course's complaints (indicator 31). */
async function complaintsOf(ctx: AuditContext): Promise<ComplaintRow[]> {
  return ctx.db
    .select({
      id: complaints.id,
      createdAt: complaints.createdAt,
      subject: complaints.subject,
      category: complaints.category,
      severity: complaints.severity,
      status: complaints.status,
      resolution: complaints.resolution,
      resolvedAt: complaints.resolvedAt,
      improvementPlanId: complaints.improvementPlanId,
    })
    .from(complaints)
    .where(ctx.scope.where(complaints, eq(complaints.courseId, ctx.course.id)))
    .orderBy(asc(complaints.createdAt), asc(complaints.id));
}

type PlanRow = { id: string; title: string; trigger: string; status: string; targetDate: string | null; indicators: number[]; actionsCount: number; actionsCompleted: number; createdAt: Date; actions: string };
const PLAN_COLUMNS: ExportColumn<PlanRow>[] = [
  { key: "id", label: "Plan", type: "text", value: (r) => r.id },
  { key: "title", label: "Intitulé", type: "text", value: (r) => r.title },
  { key: "trigger", label: "Origine", type: "text", value: (r) => planTriggerFr(r.trigger) },
  { key: "status", label: "Statut", type: "text", value: (r) => planStatusFr(r.status) },
  { key: "createdAt", label: "Ouvert le", type: "datetime", value: (r) => r.createdAt },
  { key: "targetDate", label: "Échéance", type: "date", value: (r) => r.targetDate },
  { key: "indicators", label: "Indicateurs visés", type: "text", value: (r) => r.indicators.join(", ") },
  { key: "actionsCount", label: "Actions", type: "integer", value: (r) => r.actionsCount },
  { key: "actionsCompleted", label: "Actions faites", type: "integer", value: (r) => r.actionsCompleted },
  { key: "actions", label: "Détail des actions", type: "text", value: (r) => r.actions },
];

/**
 * The organisation's improvement plans (indicator 32 is an organisation-level process): those
 * linked to the course's complaints first, then the others, deleted plans left out.
 */
async function plansOf(ctx: AuditContext): Promise<PlanRow[]> {
  const plans = await ctx.db
    .select({
      id: improvementPlans.id,
      title: improvementPlans.title,
      trigger: improvementPlans.trigger,
      status: improvementPlans.status,
      targetDate: improvementPlans.targetDate,
      indicators: improvementPlans.indicators,
      actionsCount: improvementPlans.actionsCount,
      actionsCompleted: improvementPlans.actionsCompleted,
      createdAt: improvementPlans.createdAt,
    })
    .from(improvementPlans)
    .where(ctx.scope.where(improvementPlans, sql`${improvementPlans.deletedAt} is null`))
    .orderBy(asc(improvementPlans.createdAt), asc(improvementPlans.id));
  if (!plans.length) return [];
  const actions = await ctx.db
    .select({ planId: improvementActions.planId, description: improvementActions.description, status: improvementActions.status })
    .from(improvementActions)
    .where(ctx.scope.where(improvementActions, inArray(improvementActions.planId, plans.map((p) => p.id))))
    .orderBy(asc(improvementActions.createdAt), asc(improvementActions.id));
  return plans.map((p) => ({ ...p, actions: actions.filter((a) => a.planId === p.id).map((a) => `${a.description} (${a.status === "DONE" ? "faite" : a.status === "IN_PROGRESS" ? "en cours" : "à faire"})`).join(" ; ") }));
}

/** A session is past when its planned end has passed (or it ended): only those have a sheet worth filing. */
const isPast = (ctx: AuditContext, s: { scheduledAt: Date; durationMinutes: number; status: string }) =>
  s.status === "ENDED" || s.scheduledAt.getTime() + s.durationMinutes * 60_000 <= ctx.now.getTime();

const generated = (
  type: TAuditDocumentType,
  name: string,
  about: { subject: string | null; date?: Date },
  record: AuditEntry["record"],
  sizeBytes: number,
  compress: boolean,
  open: () => Promise<Readable>,
): AuditEntry => ({
  name,
  subject: about.subject,
  date: about.date?.toISOString() ?? null,
  ...placed(type),
  record,
  sizeBytes,
  estimated: true,
  compress,
  open,
});

/** Every evidence file of the course's audit archive, in archive order. */
export async function* listAuditEntries(ctx: AuditContext): AsyncGenerator<AuditEntry> {
  const c = ctx.course;
  // convention/: each versioned convention's latest sent or signed file, then the other stored conventions (made from templates) and the convocations
  for (const r of await conventionDocuments(ctx)) yield storedEntry(ctx, r);
  for await (const r of storedDocuments(ctx, FOLDER_KINDS.convention!, notInArray(documents.id, conventionVersionFiles(ctx)))) yield storedEntry(ctx, r);
  // emargement/: one attendance sheet per past session (blank sheets of future sessions are left out), the stored sheets, the distance-learning log
  for (const s of await sessionsOf(ctx)) {
    if (!isPast(ctx, s)) continue;
    yield generated("EMARGEMENT", `emargement/feuille-${s.scheduledAt.toISOString().slice(0, 10)}-${s.id}.pdf`, { subject: s.title, date: s.scheduledAt }, { type: "live_session", id: s.id }, EST.sheet, false, async () =>
      bufferStream(await buildSheetPdf(ctx.db, ctx.scope, s.id, { now: ctx.now, timeZone: ctx.timeZone })),
    );
  }
  for await (const r of storedDocuments(ctx, FOLDER_KINDS.emargement!)) yield storedEntry(ctx, r);
  const logs = await activityCount(ctx);
  if (logs > 0) yield generated("ACTIVITY_LOG", "emargement/journal-connexions-progression.csv", { subject: c.title }, { type: "course", id: c.id }, EST.csvHeader + EST.csvRow * logs, true, async () => activityCsv(ctx));
  // evaluation/: needs analyses, then the results of each questionnaire that has attempts, then the satisfaction surveys
  const needs = await needsOf(ctx);
  if (needs.length) yield generated("NEEDS_ANALYSIS", "evaluation/analyses-du-besoin.csv", { subject: null }, { type: "register", id: `needs:${c.id}` }, EST.csvHeader + EST.csvRow * needs.length, true, async () => registerCsv(ctx, NEEDS_COLUMNS, () => [needs]));
  for (const q of await questionnairesOf(ctx)) {
    if (q.attempts === 0) continue;
    yield generated(QUESTIONNAIRE_TYPE[q.kind] ?? "EVALUATION", `evaluation/${q.kind.toLowerCase()}-${q.id}-${safeName(q.title, 40)}.csv`, { subject: q.title }, { type: "questionnaire", id: q.id }, EST.csvHeader + EST.csvRow * q.attempts, true, async () =>
      attemptsCsv(ctx, q.id),
    );
  }
  const survey = await surveyRows(ctx);
  if (survey.length) yield generated("SURVEY", "evaluation/enquetes-satisfaction.csv", { subject: null }, { type: "register", id: `surveys:${c.id}` }, EST.csvHeader + EST.csvRow * survey.length, true, async () => registerCsv(ctx, SURVEY_COLUMNS, () => [survey]));
  // attestation/
  for await (const r of storedDocuments(ctx, FOLDER_KINDS.attestation!)) yield storedEntry(ctx, r);
  // programme/: the public sheet, the programme rendered from the course, the certification, accessibility, then stored programmes and other documents
  yield generated("PUBLIC_INFO", `programme/fiche-publique-${safeName(c.title, 50)}.pdf`, { subject: c.title }, { type: "course", id: c.id }, EST.programme, false, async () => bufferStream(await publicInfoPdf(ctx)));
  yield generated("PROGRAMME", `programme/programme-${safeName(c.title, 50)}.pdf`, { subject: c.title }, { type: "course", id: c.id }, EST.programme, false, async () => bufferStream(await programmePdf(ctx)));
  if (c.certificationNumber) yield generated("CERTIFICATION", `programme/certification-${safeName(c.certificationNumber, 30)}.pdf`, { subject: c.certificationNumber }, { type: "course", id: c.id }, EST.programme, false, async () => bufferStream(await certificationPdf(ctx)));
  if (c.accessibilityInfo || c.disabilityReferentContact) yield generated("ACCESSIBILITY", "programme/accueil-handicap.pdf", { subject: c.title }, { type: "course", id: c.id }, EST.programme, false, async () => bufferStream(await accessibilityPdf(ctx)));
  for await (const r of storedDocuments(ctx, FOLDER_KINDS.programme!)) yield storedEntry(ctx, r);
  // trainers/: one sheet per trainer with their competencies
  for (const t of await trainersOf(ctx)) {
    yield generated("TRAINER", `trainers/${safeName(`${t.lastName}-${t.firstName}`, 40)}-${t.id}.pdf`, { subject: `${t.firstName} ${t.lastName}`.trim() }, { type: "trainer", id: t.id }, EST.trainer, false, async () => bufferStream(await trainerPdf(ctx, t)));
  }
  // amelioration/: the course's complaints register, the organisation's improvement plans
  const comp = await complaintsOf(ctx);
  if (comp.length) yield generated("COMPLAINT", "amelioration/registre-reclamations.csv", { subject: null }, { type: "register", id: `complaints:${c.id}` }, EST.csvHeader + EST.csvRow * comp.length, true, async () => registerCsv(ctx, COMPLAINT_COLUMNS, () => [comp]));
  const plans = await plansOf(ctx);
  if (plans.length) yield generated("IMPROVEMENT_PLAN", "amelioration/plans-amelioration.csv", { subject: null }, { type: "register", id: `plans:${ctx.scope.tenantId}` }, EST.csvHeader + EST.csvRow * plans.length, true, async () => registerCsv(ctx, PLAN_COLUMNS, () => [plans]));
}
