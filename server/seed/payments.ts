import { clock } from "../lib/clock";
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { courses, enrollments, payments, refunds } from "../db/schema";
import { forTenant } from "../db/tenant-scope";
import { newId } from "../lib/ids";
import { env } from "../env";

/**
 * Demo payments of one tenant (issue #12 item 8): on both gateways, as the sandbox would have left
 * them — a captured card payment (Excel, the learner), a PSP_B payment captured then partly refunded
 * (SST, learner3), and two failed ones (learner2: cancelled, then expired). The enrollments the
 * captures paid for carry the gateway as their payment method. Idempotent: a tenant that has
 * payments is left alone.
 */
type People = { learner: string; learner2: string; learner3: string; admin: string };

const DAY = 86_400_000;

export async function seedPayments(db: DbOrTx, tenantId: string, people: People, now = clock.now()): Promise<void> {
  const scope = forTenant(tenantId);
  const [any] = await db.select({ id: payments.id }).from(payments).where(scope.where(payments)).limit(1);
  if (any) return;
  const cs = await db
    .select({ id: courses.id, slug: courses.slug, price: courses.price, currency: courses.currency })
    .from(courses)
    .where(scope.where(courses, inArray(courses.slug, ["sauveteur-secouriste-du-travail", "excel-tableaux-croises-dynamiques"])));
  const sst = cs.find((c) => c.slug === "sauveteur-secouriste-du-travail");
  const excel = cs.find((c) => c.slug === "excel-tableaux-croises-dynamiques");
  if (!sst || !excel) return;
  const enrollmentOf = async (courseId: string, userId: string) =>
    (await db.select({ id: enrollments.id }).from(enrollments).where(scope.where(enrollments, and(eq(enrollments.courseId, courseId), eq(enrollments.userId, userId)))).limit(1))[0]?.id ?? null;
  const fee = (amount: number) => Math.round((amount * env().PLATFORM_FEE_PERCENT) / 100);
  const at = (days: number) => new Date(now.getTime() - days * DAY);

  const rows: (typeof payments.$inferInsert)[] = [];
  const add = (p: { gateway: "PSP_A_ISV" | "PSP_B"; course: typeof sst; userId: string; status: "CAPTURED" | "FAILED"; daysAgo: number; failureReason?: string; enrollmentId?: string | null; refundedCents?: number }) => {
    const id = newId("pay");
    const createdAt = at(p.daysAgo);
    rows.push({
      id,
      tenantId,
      courseId: p.course.id,
      userId: p.userId,
      amount: p.course.price,
      currency: p.course.currency,
      gateway: p.gateway,
      status: p.status,
      gatewayPaymentId: `sbx_${id.slice(4)}`,
      platformFeeCents: fee(p.course.price),
      expiresAt: new Date(createdAt.getTime() + 30 * 60_000),
      capturedAt: p.status === "CAPTURED" ? new Date(createdAt.getTime() + 3 * 60_000) : null,
      failedAt: p.status === "FAILED" ? new Date(createdAt.getTime() + 30 * 60_000) : null,
      failureReason: p.failureReason ?? null,
      refundedCents: p.refundedCents ?? 0,
      enrollmentId: p.enrollmentId ?? null,
      createdBy: p.userId,
      createdAt,
      updatedAt: createdAt,
    });
    return id;
  };

  const excelEnrollment = await enrollmentOf(excel.id, people.learner);
  const sstEnrollment = await enrollmentOf(sst.id, people.learner3);
  add({ gateway: "PSP_B", course: excel, userId: people.learner2, status: "FAILED", daysAgo: 21, failureReason: "EXPIRED" });
  add({ gateway: "PSP_A_ISV", course: excel, userId: people.learner2, status: "FAILED", daysAgo: 20, failureReason: "CANCELLED" });
  add({ gateway: "PSP_A_ISV", course: excel, userId: people.learner, status: "CAPTURED", daysAgo: 30, enrollmentId: excelEnrollment });
  const refundedCents = Math.min(5_000, sst.price);
  const partly = add({ gateway: "PSP_B", course: sst, userId: people.learner3, status: "CAPTURED", daysAgo: 10, enrollmentId: sstEnrollment, refundedCents });
  await db.insert(payments).values(rows);
  await db.insert(refunds).values(
    scope.values(refunds, { id: newId("ref"), paymentId: partly, amount: refundedCents, status: "COMPLETED" as const, gatewayRefundId: `sbxre_${partly.slice(4)}`, createdBy: people.admin, createdAt: at(5), completedAt: at(5) }),
  );
  if (excelEnrollment) await db.update(enrollments).set({ paymentMethod: "PSP_A_ISV" }).where(scope.where(enrollments, eq(enrollments.id, excelEnrollment)));
  if (sstEnrollment) await db.update(enrollments).set({ paymentMethod: "PSP_B" }).where(scope.where(enrollments, eq(enrollments.id, sstEnrollment)));
}
