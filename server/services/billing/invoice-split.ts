import { eq } from "drizzle-orm";
import { sameTenant } from "../../db/tenant-scope";
import type { Caller } from "../../auth/caller";
import type { TInvoice, TSplitInvoicesInput } from "../../contracts/invoices";
import type { Db } from "../../db";
import { courses, enrollments, users } from "../../db/schema";
import { notFound, unprocessable } from "../../errors";
import { clientForLearner, loadClient } from "./clients";
import { checkItems, getInvoice, insertDraft } from "./invoices";
import { loadLegalIdentity } from "./legal-identity";

const PAYER_LABEL = { EMPLOYER: "part employeur", OPCO: "prise en charge OPCO", LEARNER: "reste à charge du stagiaire", OTHER: "part" } as const;

/**
 * Split-payer invoicing of an enrollment: one DRAFT invoice per share (employer, OPCO, learner...),
 * each for its amount, linked to the enrollment with the payer's capacity (the BPF reads both).
 * The shares need not add up to the course's price (a funder may cover part of a negotiated
 * price); each is checked like any invoice. All drafts or none (one transaction).
 */
export async function splitEnrollmentInvoices(db: Db, caller: Caller, input: TSplitInvoicesInput, now: Date): Promise<TInvoice[]> {
  const ids = await db.transaction(async (tx) => {
    const [enr] = await tx
      .select({ id: enrollments.id, userId: enrollments.userId, courseTitle: courses.title, firstName: users.firstName, lastName: users.lastName })
      .from(enrollments)
      .innerJoin(courses, sameTenant(courses, enrollments, courses.id, enrollments.courseId))
      .innerJoin(users, eq(users.id, enrollments.userId))
      .where(caller.scope.where(enrollments, eq(enrollments.id, input.enrollmentId)))
      .limit(1);
    if (!enr) throw notFound("Enrollment");
    const identity = await loadLegalIdentity(tx, caller.tenant.id);
    const vatRate = input.vatRate ?? (identity.vatRegime === "EXEMPT_261_4_4A" ? 0 : 20);
    const out: string[] = [];
    for (const [k, share] of input.shares.entries()) {
      let clientId = share.clientId;
      if (!clientId) {
        if (share.payer !== "LEARNER") throw unprocessable("Validation failed", { [`shares.${k}.clientId`]: ["Required for this payer"] });
        clientId = (await clientForLearner(tx, caller, enr.userId)).id;
      } else {
        try {
          await loadClient(tx, caller.scope, clientId);
        } catch {
          throw unprocessable("Unknown client", { [`shares.${k}.clientId`]: ["Unknown client"] });
        }
      }
      const learner = `${enr.firstName} ${enr.lastName}`.trim();
      const items = checkItems([{ description: `Formation « ${enr.courseTitle} » — ${learner} (${PAYER_LABEL[share.payer]})`, quantity: 1, unitPriceCents: share.amountCents, vatRate }], identity, true);
      const row = await insertDraft(tx, caller, { clientId, items, currency: input.currency, dueDate: input.dueDate, enrollmentId: enr.id, payer: share.payer }, now);
      out.push(row.id);
    }
    return out;
  });
  return Promise.all(ids.map((id) => getInvoice(db, caller, id, now)));
}
