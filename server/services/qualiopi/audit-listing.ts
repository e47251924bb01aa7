import { Readable } from "node:stream";
import { and, asc, eq, gt, inArray, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { courseTrainers, documents, enrollments, lessons, liveSessions, modules, questionnaires, quizAttempts, sessionTrainers, trainerCompetencies, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import type { TAuditDocumentType, TAuditFolder } from "../../contracts/qualiopi";
import { documentKey, documentStorage } from "../documents/storage";
import { renderDocument } from "../documents/render-pool";
import { buildSheetPdf } from "../attendance/sheet/sheet-pdf";
import type { CourseRow } from "../courses/access";
import type { Block, Inline } from "../documents/template-body";

/**
 * THE listing of a course's audit evidence: one function, read by the preview (names, sizes,
 * indicators) and by the ZIP (which opens each entry's bytes lazily, one at a time). Entries are
 * yielded folder by folder, in archive order; stored documents are paged from the database
 * (keyset on id), so the listing never holds more than one page of rows.
 */
export type AuditEntry = {
  /** Path inside the archive: `<folder>/<file>`. */
  name: string;
  folder: TAuditFolder;
  type: TAuditDocumentType;
  indicator: number;
  /** The record the file comes from. */
  record: { type: "document" | "live_session" | "questionnaire" | "course" | "trainer"; id: string };
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

const KIND_PLACEMENT: Record<string, { folder: TAuditFolder; type: TAuditDocumentType; indicator: number }> = {
  CONVENTION: { folder: "convention", type: "CONVENTION", indicator: 4 },
  CONVOCATION: { folder: "convention", type: "CONVOCATION", indicator: 9 },
  EMARGEMENT: { folder: "emargement", type: "EMARGEMENT", indicator: 10 },
  CERTIFICATE: { folder: "attestation", type: "CERTIFICATE", indicator: 11 },
  ATTESTATION: { folder: "attestation", type: "ATTESTATION", indicator: 11 },
  PROGRAMME: { folder: "programme", type: "PROGRAMME", indicator: 5 },
  OTHER: { folder: "programme", type: "OTHER", indicator: 19 },
};
const FOLDER_KINDS: Record<TAuditFolder, (keyof typeof KIND_PLACEMENT)[]> = {
  convention: ["CONVENTION", "CONVOCATION"],
  emargement: ["EMARGEMENT"],
  evaluation: [],
  attestation: ["CERTIFICATE", "ATTESTATION"],
  programme: ["PROGRAMME", "OTHER"],
  trainers: [],
};
const QUESTIONNAIRE_INDICATOR: Record<string, number> = { QUIZ: 11, POSITIONING: 8, SATISFACTION: 30 };

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

/** The course's stored documents of some kinds (enrollments of the course, the course itself, its sessions' participants), paged by id. */
async function* storedDocuments(ctx: AuditContext, kinds: string[]) {
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
      .where(scope.where(documents, inArray(documents.kind, kinds as never[]), gt(documents.id, after), ofCourse))
      .orderBy(asc(documents.id))
      .limit(PAGE);
    for (const r of rows) yield r;
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.id;
  }
}

function storedEntry(ctx: AuditContext, r: { id: string; kind: string; fileName: string; sha256: string; sizeBytes: number }): AuditEntry {
  const place = KIND_PLACEMENT[r.kind] ?? KIND_PLACEMENT.OTHER!;
  const ext = /\.[A-Za-z0-9]{1,5}$/.exec(r.fileName)?.[0] ?? ".pdf";
  const sha = r.sha256.replace(/^sha256:/, "");
  return {
    name: `${place.folder}/${r.id}-${safeName(r.fileName.replace(/\.[A-Za-z0-9]{1,5}$/, ""))}${ext}`,
    folder: place.folder,
    type: place.type,
    indicator: place.indicator,
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
    .select({ id: liveSessions.id, title: liveSessions.title, scheduledAt: liveSessions.scheduledAt })
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

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? "" : v instanceof Date ? v.toISOString() : String(v);
  return /[",;\n\r]/.test(s) || /^[=+\-@]/.test(s) ? `"${(/^[=+\-@]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"` : s;
};

/** The attempts of one questionnaire as CSV, paged from the database while the archive reads it. */
function attemptsCsv(ctx: AuditContext, questionnaireId: string): Readable {
  const { db, scope } = ctx;
  async function* rows() {
    yield "attemptId;enrollmentId;learnerId;learner;date;score;maxScore;percentage;passed\n";
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
        .innerJoin(enrollments, and(eq(enrollments.tenantId, quizAttempts.tenantId), eq(enrollments.id, quizAttempts.enrollmentId)))
        .innerJoin(users, eq(users.id, enrollments.userId))
        .where(scope.where(quizAttempts, eq(quizAttempts.questionnaireId, questionnaireId), gt(quizAttempts.id, after)))
        .orderBy(asc(quizAttempts.id))
        .limit(PAGE);
      yield page
        .map((r) => [r.id, r.enrollmentId, r.userId, `${r.firstName} ${r.lastName}`, r.createdAt, r.score, r.maxScore, r.percentage, r.passed ? "oui" : "non"].map(csvCell).join(";") + "\n")
        .join("");
      if (page.length < PAGE) return;
      after = page[page.length - 1]!.id;
    }
  }
  return Readable.from(rows());
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
    para(`Durée : ${c.duration ?? "?"} heure(s). Format : ${c.format}. Niveau : ${c.level ?? "non précisé"}.`),
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
        sql`${users.id} in (select ${sessionTrainers.userId} from ${sessionTrainers} join ${liveSessions} on ${liveSessions.tenantId} = ${sessionTrainers.tenantId} and ${liveSessions.id} = ${sessionTrainers.sessionId} where ${scope.where(sessionTrainers, eq(liveSessions.courseId, course.id))})`,
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

/** Every evidence file of the course's audit archive, in archive order. */
export async function* listAuditEntries(ctx: AuditContext): AsyncGenerator<AuditEntry> {
  const c = ctx.course;
  // convention/
  for await (const r of storedDocuments(ctx, FOLDER_KINDS.convention)) yield storedEntry(ctx, r);
  // emargement/: one attendance sheet per session, then the stored sheets
  for (const s of await sessionsOf(ctx)) {
    yield {
      name: `emargement/feuille-${s.scheduledAt.toISOString().slice(0, 10)}-${s.id}.pdf`,
      folder: "emargement",
      type: "EMARGEMENT",
      indicator: 10,
      record: { type: "live_session", id: s.id },
      sizeBytes: EST.sheet,
      estimated: true,
      compress: false,
      open: async () => bufferStream(await buildSheetPdf(ctx.db, ctx.scope, s.id, { now: ctx.now, timeZone: ctx.timeZone })),
    };
  }
  for await (const r of storedDocuments(ctx, FOLDER_KINDS.emargement)) yield storedEntry(ctx, r);
  // evaluation/: the results of each questionnaire that has attempts
  for (const q of await questionnairesOf(ctx)) {
    if (q.attempts === 0) continue;
    yield {
      name: `evaluation/${q.kind.toLowerCase()}-${q.id}-${safeName(q.title, 40)}.csv`,
      folder: "evaluation",
      type: "EVALUATION",
      indicator: QUESTIONNAIRE_INDICATOR[q.kind] ?? 11,
      record: { type: "questionnaire", id: q.id },
      sizeBytes: EST.csvHeader + EST.csvRow * q.attempts,
      estimated: true,
      compress: true,
      open: async () => attemptsCsv(ctx, q.id),
    };
  }
  // attestation/
  for await (const r of storedDocuments(ctx, FOLDER_KINDS.attestation)) yield storedEntry(ctx, r);
  // programme/: the programme rendered from the course, then stored programmes and other documents
  yield {
    name: `programme/programme-${safeName(c.title, 50)}.pdf`,
    folder: "programme",
    type: "PROGRAMME",
    indicator: 5,
    record: { type: "course", id: c.id },
    sizeBytes: EST.programme,
    estimated: true,
    compress: false,
    open: async () => bufferStream(await programmePdf(ctx)),
  };
  for await (const r of storedDocuments(ctx, FOLDER_KINDS.programme)) yield storedEntry(ctx, r);
  // trainers/: one sheet per trainer with their competencies
  for (const t of await trainersOf(ctx)) {
    yield {
      name: `trainers/${safeName(`${t.lastName}-${t.firstName}`, 40)}-${t.id}.pdf`,
      folder: "trainers",
      type: "TRAINER",
      indicator: 21,
      record: { type: "trainer", id: t.id },
      sizeBytes: EST.trainer,
      estimated: true,
      compress: false,
      open: async () => bufferStream(await trainerPdf(ctx, t)),
    };
  }
}
