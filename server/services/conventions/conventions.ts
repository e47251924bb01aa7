import { count, desc, eq, inArray, lt, or, type SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { createHash } from "node:crypto";
import type { Caller, PublicCaller } from "../../auth/caller";
import type { TConvention, TListConventionsInput } from "../../contracts/conventions";
import type { Db, DbOrTx } from "../../db";
import { conventions, conventionVersions, courses, documents, enrollments, tenants } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { conflict, DomainError, forbidden, notFound, unprocessable } from "../../errors";
import { sha256Hex as sha256OfText } from "../../lib/hash";
import { newId, randomToken } from "../../lib/ids";
import { log } from "../../lib/log";
import { tenantUrl } from "../../lib/urls";
import { assertSignatureLongEnough } from "../attendance/lib/signature";
import { clientForLearner, loadClient } from "../billing/clients";
import { documentKey, documentStorage } from "../documents/storage";
import { renderDocument } from "../documents/render-pool";
import { getReadableEnrollment } from "../enrollments/access";
import { sendMail } from "../mail";
import { writeAudit } from "../platform/audit";
import { countOf, limitPage, paginate } from "../platform/pagination";
import { funderEnrollmentIds, isCourseOwner } from "../platform/who-may";
import { reserveVerification, sealVerification } from "../verification/verifications";
import { tenantLogoDataUrl } from "../tenants/logo";
import { buildConventionContent, contentHash, invoicedPayer, payerOfClient, type ConventionContent, type PayerChoice } from "./content";
import type { ConventionSignature } from "./convention-document";
import { slugify } from "../../lib/slug";

/**
 * Conventions de formation and individuals' contracts, versioned: generating makes version 1
 * (DRAFT); generating again replaces the DRAFT until it is sent; once sent, a change makes a new
 * version and the sent one stays, with its PDF and SHA-256. The client signs through an e-mailed
 * link (no account): the signed PDF is a new file (same text, the signature in its block, an
 * evidence page). Every state change writes its audit row in the change's transaction.
 *
 * Verification (services/verification): every PDF of a version prints its own code, with the
 * version row's id as the ref. The unsigned PDF gets a code when generated (a replaced DRAFT's
 * code then reports a newer issue); the signed PDF is a new file with a code of its own, under
 * the same ref, so the unsigned copy's code also says that a later (signed) issue exists. Each
 * code is sealed with its file's SHA-256 in the transaction that records the file.
 */
type ConventionRow = typeof conventions.$inferSelect;
type VersionRow = typeof conventionVersions.$inferSelect;

const SIGN_LINK_TTL_DAYS = 30;
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
const fileSlug = (s: string) => slugify(s, 50) || "convention";
const conventionReference = (id: string) => `CNV-${id.slice(4, 12).toUpperCase()}`;

/* ---------------------------------------------------------------- reading */

/**
 * Which conventions the caller reads: ADMIN and FINANCIER every one; a FUNDER those of the
 * enrollments their funder finances (the one perimeter predicate, platform/who-may.ts); a CREATOR
 * those of their own courses. Outside: not found (404).
 */
function readableConventions(caller: Pick<Caller, "can" | "userId" | "scope" | "funderId">): SQL | undefined {
  if (caller.can("conventions.readAll")) return undefined;
  if (caller.can("funders.perimeter")) return inArray(conventions.enrollmentId, funderEnrollmentIds(caller));
  return eq(courses.creatorId, caller.userId);
}

async function loadConvention(db: DbOrTx, caller: Caller, id: string): Promise<{ convention: ConventionRow; courseTitle: string; courseCreatorId: string }> {
  const [row] = await db
    .select({ convention: conventions, courseTitle: courses.title, courseCreatorId: courses.creatorId })
    .from(conventions)
    .innerJoin(enrollments, caller.scope.where(enrollments, eq(enrollments.id, conventions.enrollmentId)))
    .innerJoin(courses, caller.scope.where(courses, eq(courses.id, enrollments.courseId)))
    .where(caller.scope.where(conventions, eq(conventions.id, id), readableConventions(caller)))
    .limit(1);
  if (!row) throw notFound("Convention");
  return row;
}

async function versionsOf(db: DbOrTx, scope: TenantScope, conventionIds: string[]): Promise<VersionRow[]> {
  if (!conventionIds.length) return [];
  return db.select().from(conventionVersions).where(scope.where(conventionVersions, inArray(conventionVersions.conventionId, conventionIds))).orderBy(desc(conventionVersions.version));
}

function toConvention(c: ConventionRow, versions: VersionRow[]): TConvention {
  const mine = versions.filter((v) => v.conventionId === c.id).sort((a, b) => b.version - a.version);
  const current = mine[0]!;
  const content = current.content as unknown as ConventionContent;
  const base = `/api/v1/conventions/${c.id}/versions`;
  return {
    id: c.id,
    enrollmentId: c.enrollmentId,
    kind: c.kind,
    payer: c.payer,
    clientId: c.clientId,
    currentVersion: current.version,
    status: current.status,
    summary: {
      title: content.title,
      courseTitle: content.course.title,
      clientName: content.client.name,
      trainees: content.trainees,
      startDate: content.startDate,
      endDate: content.endDate,
      startsOn: content.startsOn,
      duration: content.durationLabel,
      totalHtCents: content.price.htCents,
      totalTtcCents: content.price.ttcCents,
      generatedAfterStart: content.startsOn !== null && content.generatedOn >= content.startsOn,
    },
    versions: mine.map((v) => ({
      version: v.version,
      status: v.status,
      sha256: v.sha256,
      documentId: v.documentId,
      pdfUrl: `${base}/${v.version}/pdf`,
      generatedAt: v.generatedAt.toISOString(),
      generatedBy: v.generatedBy,
      sentAt: v.sentAt?.toISOString() ?? null,
      sentTo: v.sentTo,
      signedAt: v.signedAt?.toISOString() ?? null,
      signerName: v.signerName,
      signedSha256: v.signedSha256,
      signedDocumentId: v.signedDocumentId,
      signedPdfUrl: v.signedDocumentId ? `${base}/${v.version}/signed-pdf` : null,
      supersededAt: v.supersededAt?.toISOString() ?? null,
    })),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export async function getConvention(db: DbOrTx, caller: Caller, id: string): Promise<TConvention> {
  const { convention } = await loadConvention(db, caller, id);
  return toConvention(convention, await versionsOf(db, caller.scope, [convention.id]));
}

/** GET /conventions: newest first, filtered by enrollmentId; a CREATOR sees their own courses', a FUNDER their funded enrollments' only. */
export async function listConventions(db: Db, caller: Caller, q: TListConventionsInput) {
  const readable = readableConventions(caller);
  const where = caller.scope.where(conventions, q.enrollmentId ? eq(conventions.enrollmentId, q.enrollmentId) : undefined, readable);
  // Only a CREATOR's list goes through the course (its rule reads courses.creatorId); the foreign
  // keys guarantee every convention's enrollment and course, so the ADMIN's and FINANCIER's list
  // walks conventions_tenant_updated_idx alone, and a FUNDER's filters by enrollment id.
  const throughCourse = <T extends PgSelect>(qb: T): T =>
    readable && !caller.can("funders.perimeter")
      ? (qb.innerJoin(enrollments, caller.scope.where(enrollments, eq(enrollments.id, conventions.enrollmentId))).innerJoin(courses, caller.scope.where(courses, eq(courses.id, enrollments.courseId))) as unknown as T)
      : qb;
  return paginate(limitPage(q), {
    rows: (limit, offset) =>
      throughCourse(db.select({ convention: conventions }).from(conventions).$dynamic())
        .where(where)
        .orderBy(desc(conventions.updatedAt), desc(conventions.id))
        .limit(limit)
        .offset(offset) as Promise<{ convention: ConventionRow }[]>,
    total: () => countOf(throughCourse(db.select({ n: count() }).from(conventions).$dynamic()).where(where)),
    map: async (rows) => {
      const versions = await versionsOf(db, caller.scope, rows.map((r) => r.convention.id));
      return rows.map((r) => toConvention(r.convention, versions));
    },
  });
}

async function loadVersion(db: DbOrTx, scope: TenantScope, conventionId: string, n: number): Promise<VersionRow> {
  const [v] = await db.select().from(conventionVersions).where(scope.where(conventionVersions, eq(conventionVersions.conventionId, conventionId), eq(conventionVersions.version, n))).limit(1);
  if (!v) throw notFound("Convention version");
  return v;
}

async function openStored(db: DbOrTx, scope: TenantScope, documentId: string) {
  const [doc] = await db.select().from(documents).where(scope.where(documents, eq(documents.id, documentId))).limit(1);
  if (!doc) throw notFound("Document file");
  const file = await documentStorage().open(doc.storagePath);
  if (!file) throw notFound("Document file");
  return { doc, ...file };
}

/** GET /conventions/{id}/versions/{n}/pdf (or its signed PDF). */
export async function openConventionVersionPdf(db: Db, caller: Caller, id: string, n: number, signed: boolean) {
  const { convention } = await loadConvention(db, caller, id);
  const v = await loadVersion(db, caller.scope, convention.id, n);
  const documentId = signed ? v.signedDocumentId : v.documentId;
  if (!documentId) throw notFound("Convention version");
  return openStored(db, caller.scope, documentId);
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/* ------------------------------------------------------------- generating */

/** What a version's verification page says: the title and reference printed, the parties' and trainees' names. */
function verificationSubject(versionId: string, content: ConventionContent, reference: string, version: number, signerName: string | null, now: Date) {
  const signed = signerName !== null;
  return {
    type: "CONVENTION" as const,
    ref: versionId,
    title: `${content.title} — ${content.course.title} (version ${version}${signed ? ", exemplaire signé" : ""})`,
    reference: `${reference} v${version}`,
    names: [...new Set([content.client.name, ...content.trainees, ...(signerName ? [signerName] : [])])],
    issuedAt: now,
  };
}

async function storePdf(scope: TenantScope, documentId: string, pdf: Uint8Array): Promise<string> {
  const key = documentKey(scope.tenantId, documentId);
  await documentStorage().put(key, Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  return key;
}

async function orgBrand(db: DbOrTx, scope: TenantScope) {
  const [t] = await db.select({ name: tenants.name, branding: tenants.branding, slug: tenants.slug, timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, scope.tenantId)).limit(1);
  return {
    author: t?.branding?.displayName || t?.name || "",
    accentColor: t?.branding?.primaryColor ?? null,
    logo: t?.branding?.logoUrl ? await tenantLogoDataUrl(scope.tenantId) : null,
    slug: t?.slug ?? null,
    timeZone: t?.timeZone ?? "Europe/Paris",
  };
}

/**
 * POST /enrollments/{id}/conventions. The payer: `clientId`, else the convention's client, else
 * the enrollment's EMPLOYER/OPCO invoices' client; with none and no employer/OPCO financing, the
 * learner (an individual's contract). 409 CONVENTION_UNCHANGED when the current version is sent
 * and nothing it says changed.
 */
export async function generateConvention(db: Db, caller: Caller, input: { id: string; clientId?: string }, now: Date): Promise<TConvention> {
  const { enrollment, course } = await getReadableEnrollment(db, caller, input.id);
  if (!isCourseOwner(course, caller)) throw forbidden("Forbidden: only ADMIN or the course's creator generates its agreements", "COURSE_NOT_OWNED");
  const [existing] = await db.select().from(conventions).where(caller.scope.where(conventions, eq(conventions.enrollmentId, enrollment.id))).limit(1);

  let choice: PayerChoice;
  if (input.clientId) {
    let client;
    try {
      client = await loadClient(db, caller.scope, input.clientId);
    } catch {
      throw unprocessable("Unknown client", { clientId: ["Unknown client"] }, "CLIENT_NOT_FOUND");
    }
    choice = { payer: payerOfClient(client, enrollment.userId), client };
  } else if (existing?.clientId) {
    choice = { payer: existing.payer, client: await loadClient(db, caller.scope, existing.clientId) };
  } else {
    const invoiced = await invoicedPayer(db, caller.scope, enrollment.id);
    if (invoiced) choice = invoiced;
    else if (enrollment.financingSource === "EMPLOYER" || enrollment.financingSource === "OPCO")
      throw unprocessable("An employer or OPCO pays this enrollment: name the billing client who signs", { clientId: ["Required: the employer or OPCO that pays"] }, "CONVENTION_CLIENT_REQUIRED");
    else choice = { payer: "LEARNER", client: null };
  }
  if (choice.payer === "LEARNER" && !choice.client) choice = { payer: "LEARNER", client: await clientForLearner(db, caller, enrollment.userId) };

  const content = await buildConventionContent(db, caller.scope, enrollment.id, choice, now);
  const hash = contentHash(content);
  const conventionId = existing?.id ?? newId("cnv");
  const [latest] = existing ? await versionsOf(db, caller.scope, [existing.id]) : [];
  if (latest && latest.status !== "DRAFT" && latest.contentHash === hash) throw conflict("Nothing changed since the current version was sent", "CONVENTION_UNCHANGED");
  const replaceDraft = latest?.status === "DRAFT";
  const version = replaceDraft ? latest!.version : (latest?.version ?? 0) + 1;
  const documentId = replaceDraft ? latest!.documentId : newId("doc");

  const versionId = replaceDraft ? latest!.id : newId("cnvv");
  const brand = await orgBrand(db, caller.scope);
  const reference = conventionReference(conventionId);
  const reserved = await reserveVerification(db, caller.scope, verificationSubject(versionId, content, reference, version, null, now));
  const pdf = await renderDocument("convention", { content, reference, version, author: brand.author, accentColor: brand.accentColor, logo: brand.logo, signature: null, verification: reserved.stamp });
  const fileSha = sha256(pdf);
  const key = await storePdf(caller.scope, documentId, pdf);
  const fileName = `${content.kind === "CONTRACT" ? "contrat" : "convention"}-${fileSlug(content.course.title)}-v${version}.pdf`;

  await db.transaction(async (tx) => {
    // One generation at a time per enrollment: the enrollment row is the lock.
    await tx.select({ id: enrollments.id }).from(enrollments).where(caller.scope.where(enrollments, eq(enrollments.id, enrollment.id))).for("update");
    const [now2] = existing ? await versionsOf(tx, caller.scope, [existing.id]) : [];
    if ((now2?.version ?? 0) !== (latest?.version ?? 0) || now2?.status !== latest?.status) throw conflict("The convention changed meanwhile: try again");
    if (!existing) {
      await tx.insert(conventions).values(caller.scope.values(conventions, { id: conventionId, enrollmentId: enrollment.id, kind: content.kind, payer: choice.payer, clientId: choice.client?.id ?? null, createdBy: caller.userId, createdAt: now, updatedAt: now }));
    } else {
      await tx.update(conventions).set({ kind: content.kind, payer: choice.payer, clientId: choice.client?.id ?? null, updatedAt: now }).where(caller.scope.where(conventions, eq(conventions.id, conventionId)));
    }
    const docRow = {
      kind: "CONVENTION" as const,
      subjectType: "ENROLLMENT" as const,
      subjectId: `${conventionId}:v${version}`,
      userId: content.kind === "CONTRACT" ? enrollment.userId : null,
      enrollmentId: enrollment.id,
      title: `${content.title} — ${content.course.title} (v${version})`,
      fileName,
      sha256: fileSha,
      sizeBytes: pdf.byteLength,
      storagePath: key,
      generatedBy: caller.userId,
      generatedAt: now,
      updatedAt: now,
    };
    if (replaceDraft) {
      await tx.update(documents).set(docRow).where(caller.scope.where(documents, eq(documents.id, documentId)));
      await tx
        .update(conventionVersions)
        .set({ content: content as unknown as Record<string, unknown>, contentHash: hash, sha256: fileSha, generatedAt: now, generatedBy: caller.userId, updatedAt: now })
        .where(caller.scope.where(conventionVersions, eq(conventionVersions.id, versionId)));
    } else {
      await tx.insert(documents).values(caller.scope.values(documents, { id: documentId, ...docRow, createdAt: now }));
      await tx.insert(conventionVersions).values(
        caller.scope.values(conventionVersions, {
          id: versionId,
          conventionId,
          version,
          status: "DRAFT" as const,
          content: content as unknown as Record<string, unknown>,
          contentHash: hash,
          documentId,
          sha256: fileSha,
          generatedBy: caller.userId,
          generatedAt: now,
          createdAt: now,
          updatedAt: now,
        }),
      );
    }
    await sealVerification(tx, caller.scope, reserved.id, pdf, now);
    await writeAudit(tx, caller, {
      action: replaceDraft ? "convention.draft_replaced" : "convention.version_created",
      targetType: "convention",
      targetId: conventionId,
      metadata: { enrollmentId: enrollment.id, version, sha256: fileSha, payer: choice.payer, clientId: choice.client?.id ?? null },
    });
  });
  return getConvention(db, caller, conventionId);
}

/* ---------------------------------------------------------------- sending */

/**
 * POST /conventions/{id}/send: the DRAFT version becomes SENT (never rewritten after), a signing
 * link is e-mailed with the PDF, and the versions sent before it are SUPERSEDED (their links stop).
 */
export async function sendConvention(db: Db, caller: Caller, input: { id: string; to?: string; message?: string }, now: Date): Promise<TConvention> {
  const { convention, courseCreatorId } = await loadConvention(db, caller, input.id);
  if (!isCourseOwner({ creatorId: courseCreatorId }, caller)) throw forbidden("Forbidden: only ADMIN or the course's creator sends its agreements", "COURSE_NOT_OWNED");
  const [latest] = await versionsOf(db, caller.scope, [convention.id]);
  if (!latest || latest.status !== "DRAFT") throw conflict("Only the DRAFT version of a convention can be sent", "CONVENTION_NOT_DRAFT");
  const content = latest.content as unknown as ConventionContent;
  const to = input.to ?? content.client.email;
  if (!to) throw unprocessable("The client has no e-mail address", { to: ["Required: the client has no e-mail address"] }, "CONVENTION_NO_RECIPIENT");
  const file = await openStored(db, caller.scope, latest.documentId);
  const pdf = await readAll(file.stream);
  const token = randomToken(32);
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(conventionVersions).where(caller.scope.where(conventionVersions, eq(conventionVersions.id, latest.id))).for("update");
    if (locked?.status !== "DRAFT" || locked.sha256 !== latest.sha256) throw conflict("Only the DRAFT version of a convention can be sent", "CONVENTION_NOT_DRAFT");
    await tx
      .update(conventionVersions)
      .set({ status: "SUPERSEDED", supersededAt: now, signTokenHash: null, updatedAt: now })
      .where(caller.scope.where(conventionVersions, eq(conventionVersions.conventionId, convention.id), lt(conventionVersions.version, latest.version), or(eq(conventionVersions.status, "SENT"), eq(conventionVersions.status, "SIGNED"))));
    await tx
      .update(conventionVersions)
      .set({ status: "SENT", sentAt: now, sentBy: caller.userId, sentTo: to, signTokenHash: sha256OfText(token), signTokenExpiresAt: new Date(now.getTime() + SIGN_LINK_TTL_DAYS * 86_400_000), updatedAt: now })
      .where(caller.scope.where(conventionVersions, eq(conventionVersions.id, latest.id)));
    await tx.update(conventions).set({ updatedAt: now }).where(caller.scope.where(conventions, eq(conventions.id, convention.id)));
    await sendMail(tx, {
      scope: caller.scope,
      to,
      template: "convention-sign",
      locale: "fr",
      senderUserId: caller.userId,
      vars: { title: content.title, course: content.course.title, version: String(latest.version), link: tenantUrl(caller.tenant.slug, `/convention/sign/${token}`), message: input.message ?? "" },
      attachments: [{ filename: file.doc.fileName, contentType: "application/pdf", content: pdf.toString("base64") }],
    });
    await writeAudit(tx, caller, { action: "convention.sent", targetType: "convention", targetId: convention.id, metadata: { version: latest.version, to, sha256: latest.sha256 } });
  });
  return getConvention(db, caller, convention.id);
}

/* ---------------------------------------------------------------- signing */

const tokenInvalid = () => new DomainError("NOT_FOUND", "This signing link is invalid, expired or replaced by a newer version", { reason: "CONVENTION_SIGN_TOKEN_INVALID" });

/** The version a signing link opens: SENT or SIGNED, not expired (a SIGNED one stays readable). 404 otherwise. */
async function versionOfToken(db: DbOrTx, scope: TenantScope, token: string, now: Date) {
  const [row] = await db
    .select({ version: conventionVersions, convention: conventions })
    .from(conventionVersions)
    .innerJoin(conventions, scope.where(conventions, eq(conventions.id, conventionVersions.conventionId)))
    .where(scope.where(conventionVersions, eq(conventionVersions.signTokenHash, sha256OfText(token))))
    .limit(1);
  if (!row) throw tokenInvalid();
  const v = row.version;
  if (v.status === "SENT" && v.signTokenExpiresAt && v.signTokenExpiresAt <= now) throw tokenInvalid();
  if (v.status !== "SENT" && v.status !== "SIGNED") throw tokenInvalid();
  return row;
}

export async function publicConvention(db: Db, scope: TenantScope, token: string, now: Date) {
  const { version: v } = await versionOfToken(db, scope, token, now);
  const c = v.content as unknown as ConventionContent;
  return {
    organisation: c.organisation.name,
    title: c.title,
    courseTitle: c.course.title,
    clientName: c.client.name,
    version: v.version,
    status: v.status,
    sha256: v.sha256,
    startDate: c.startDate,
    endDate: c.endDate,
    duration: c.durationLabel,
    trainees: c.trainees,
    totalTtcCents: c.price.ttcCents,
    signedAt: v.signedAt?.toISOString() ?? null,
    signerName: v.signerName,
    signedSha256: v.signedSha256,
    pdfUrl: `/api/v1/conventions/sign/${token}/pdf`,
  };
}

/** The PDF a signing link shows: the signed one once signed. */
export async function openPublicConventionPdf(db: Db, scope: TenantScope, token: string, now: Date) {
  const { version: v } = await versionOfToken(db, scope, token, now);
  return openStored(db, scope, v.signedDocumentId ?? v.documentId);
}

export type SignInput = { token: string; signerName: string; method: "DRAWN" | "TYPED"; signatureBase64?: string; strokes?: { x: number; y: number }[][] };

/**
 * POST /conventions/sign/{token}: the client signs the SENT version. The signed PDF is rendered
 * from the version's stored content (the same text), with the signature in the client's block
 * and an evidence page: signer, time, IP, SHA-256 of the user-agent, of the signature image and
 * of the unsigned PDF. Stored as a new document; the version becomes SIGNED.
 */
export async function signConvention(db: Db, caller: PublicCaller, input: SignInput, now: Date) {
  const scope = caller.scope;
  const { version: v, convention } = await versionOfToken(db, scope, input.token, now);
  if (v.status === "SIGNED") throw conflict("This version of the convention is already signed", "CONVENTION_ALREADY_SIGNED");
  let imageDataUrl: string | null = null;
  let signatureSha: string;
  if (input.method === "DRAWN") {
    const check = assertSignatureLongEnough({ strokes: input.strokes, signatureBase64: input.signatureBase64 });
    if (!check.png) throw unprocessable("Signature too short or empty", { signatureBase64: ["Required for a drawn signature"] }, "SIGNATURE_TOO_SHORT");
    imageDataUrl = `data:image/png;base64,${check.png.toString("base64")}`;
    signatureSha = sha256(check.png);
  } else {
    signatureSha = sha256(`typed:${input.signerName}`);
  }
  const content = v.content as unknown as ConventionContent;
  const brand = await orgBrand(db, scope);
  const local = new Intl.DateTimeFormat("fr-FR", { timeZone: brand.timeZone, dateStyle: "long", timeStyle: "medium" }).format(now);
  const signature: ConventionSignature = {
    signerName: input.signerName,
    imageDataUrl,
    method: input.method,
    signedAtIso: now.toISOString(),
    signedAtLocal: `${local} (${brand.timeZone})`,
    ip: caller.ip ?? "inconnue",
    userAgentSha256: sha256(caller.userAgent ?? ""),
    signatureSha256: signatureSha,
    unsignedSha256: v.sha256,
    email: v.sentTo,
  };
  const reference = conventionReference(convention.id);
  const reserved = await reserveVerification(db, scope, verificationSubject(v.id, content, reference, v.version, input.signerName, now));
  const pdf = await renderDocument("convention", { content, reference, version: v.version, author: brand.author, accentColor: brand.accentColor, logo: brand.logo, signature, verification: reserved.stamp });
  const signedSha = sha256(pdf);
  const documentId = newId("doc");
  const key = await storePdf(scope, documentId, pdf);
  const [unsigned] = await db.select({ fileName: documents.fileName, userId: documents.userId }).from(documents).where(scope.where(documents, eq(documents.id, v.documentId))).limit(1);
  try {
    await db.transaction(async (tx) => {
      const [locked] = await tx.select({ status: conventionVersions.status }).from(conventionVersions).where(scope.where(conventionVersions, eq(conventionVersions.id, v.id))).for("update");
      if (locked?.status !== "SENT") throw conflict("This version of the convention is already signed", "CONVENTION_ALREADY_SIGNED");
      await tx.insert(documents).values(
        scope.values(documents, {
          id: documentId,
          kind: "CONVENTION" as const,
          subjectType: "ENROLLMENT" as const,
          subjectId: `${convention.id}:v${v.version}:signed`,
          userId: unsigned?.userId ?? null,
          enrollmentId: convention.enrollmentId,
          title: `${content.title} — ${content.course.title} (v${v.version}, signée)`,
          fileName: (unsigned?.fileName ?? "convention.pdf").replace(/\.pdf$/, "-signee.pdf"),
          sha256: signedSha,
          sizeBytes: pdf.byteLength,
          storagePath: key,
          generatedBy: null,
          generatedAt: now,
          createdAt: now,
          updatedAt: now,
        }),
      );
      await tx
        .update(conventionVersions)
        .set({
          status: "SIGNED",
          signedAt: now,
          signerName: input.signerName,
          signerIp: caller.ip,
          signerUserAgentHash: signature.userAgentSha256,
          signatureMethod: input.method,
          signatureSha256: signatureSha,
          signedDocumentId: documentId,
          signedSha256: signedSha,
          updatedAt: now,
        })
        .where(scope.where(conventionVersions, eq(conventionVersions.id, v.id)));
      await tx.update(conventions).set({ updatedAt: now }).where(scope.where(conventions, eq(conventions.id, convention.id)));
      await sealVerification(tx, scope, reserved.id, pdf, now);
      await writeAudit(tx, caller, {
        action: "convention.signed",
        targetType: "convention",
        targetId: convention.id,
        metadata: { version: v.version, signerName: input.signerName, method: input.method, unsignedSha256: v.sha256, signedSha256: signedSha },
      });
    });
  } catch (error) {
    await documentStorage().remove(key).catch((e: unknown) => log.error("convention.orphan_remove_failed", { key, error: String(e) }));
    throw error;
  }
  return publicConvention(db, scope, input.token, now);
}
