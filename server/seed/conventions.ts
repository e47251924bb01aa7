import { clock } from "../lib/clock";
import { and, asc, eq } from "drizzle-orm";
import { buildCaller } from "../auth/caller";
import type { Db } from "../db/client";
import { billingClients, conventions, liveSessions, mailOutbox } from "../db/schema";
import { forTenant } from "../db/tenant-scope";
import { generateConvention, sendConvention, signConvention } from "../services/conventions/conventions";
import { seedCaller } from "./seed-caller";
import { demoSignature } from "./signature-png";

const DAY = 86_400_000;

/**
 * Demo conventions of a course (issue #20 item 7), through the services: the first enrollment's,
 * paid by the employer (the tenant's first COMPANY client by name), generated two weeks before
 * the course's first session, sent and signed (drawn) by the employer's contact; the second
 * enrollment's, a DRAFT with the same employer. Idempotent: an enrollment with a convention is
 * left as it is. Called by the audit seed (the convention/ folder of the audit ZIP).
 */
export async function seedConventions(db: Db, tenantId: string, adminId: string, courseId: string, enrollmentIds: string[], now = clock.now()): Promise<void> {
  const scope = forTenant(tenantId);
  const [employer] = await db.select().from(billingClients).where(scope.where(billingClients, eq(billingClients.kind, "COMPANY"))).orderBy(asc(billingClients.name)).limit(1);
  if (!employer) return;
  const [first] = await db.select({ at: liveSessions.scheduledAt }).from(liveSessions).where(scope.where(liveSessions, eq(liveSessions.courseId, courseId))).orderBy(asc(liveSessions.scheduledAt)).limit(1);
  const generatedAt = new Date(Math.min(now.getTime(), (first?.at ?? now).getTime() - 14 * DAY));
  const caller = await seedCaller(db, tenantId, adminId);
  const hasConvention = async (enrollmentId: string) =>
    (await db.select({ id: conventions.id }).from(conventions).where(scope.where(conventions, eq(conventions.enrollmentId, enrollmentId))).limit(1)).length > 0;

  const [signed, draft] = enrollmentIds;
  if (signed && !(await hasConvention(signed))) {
    const c = await generateConvention(db, caller, { id: signed, clientId: employer.id }, generatedAt);
    const sentAt = new Date(generatedAt.getTime() + 3_600_000);
    await sendConvention(db, caller, { id: c.id }, sentAt);
    // The link's token exists only in the e-mail: read it back from the outbox.
    const token = await tokenFromOutbox(db, tenantId, employer.email ?? "");
    if (token) {
      const { png, strokes } = demoSignature(7);
      const signer = buildCaller({ ...caller, userId: null, role: null, ip: "192.0.2.44", userAgent: "Mozilla/5.0 (Windows NT 10.0; démo)" });
      await signConvention(db, signer, { token, signerName: `Service RH — ${employer.name}`, method: "DRAWN", signatureBase64: `data:image/png;base64,${png.toString("base64")}`, strokes }, new Date(sentAt.getTime() + 2 * DAY));
    }
  }
  if (draft && !(await hasConvention(draft))) await generateConvention(db, caller, { id: draft, clientId: employer.id }, generatedAt);
}

async function tokenFromOutbox(db: Db, tenantId: string, to: string): Promise<string | null> {
  const rows = await db
    .select({ text: mailOutbox.text, template: mailOutbox.template })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.to, to.toLowerCase())))
    .orderBy(asc(mailOutbox.createdAt));
  for (const r of rows.reverse()) {
    const m = r.template === "convention-sign" ? /\/convention\/sign\/([A-Za-z0-9_-]+)/.exec(r.text) : null;
    if (m) return m[1]!;
  }
  return null;
}
