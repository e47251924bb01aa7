import { asc, eq, inArray } from "drizzle-orm";
import { sameTenant } from "../../db/tenant-scope";
import type { Caller } from "../../auth/caller";
import { can, rolesWith } from "../../auth/permissions";
import type { TFunder } from "../../contracts/funders";
import type { Db, DbOrTx } from "../../db";
import { billingClients, funders, memberships, users } from "../../db/schema";
import { notFound, unprocessable } from "../../errors";
import { writeAudit } from "../platform/audit";

/**
 * The tenant's funders (reseed-funders creates the standard ones), the billing client each sends
 * its invoices to, and the FUNDER members who belong to each (memberships.funderId). What a
 * FUNDER member then reads is decided in one place: services/platform/who-may.ts funderPerimeter.
 */

const funderNotFound = () => notFound("Funder");

async function loadFunder(db: DbOrTx, caller: Caller, id: string) {
  const [row] = await db.select().from(funders).where(caller.scope.where(funders, eq(funders.id, id))).limit(1);
  if (!row) throw funderNotFound();
  return row;
}

/** Every funder of the tenant by name, with its billing client and members (ADMIN). */
export async function listFunders(db: DbOrTx, caller: Caller): Promise<TFunder[]> {
  const rows = await db
    .select({ funder: funders, clientName: billingClients.name })
    .from(funders)
    .leftJoin(billingClients, sameTenant(billingClients, funders, billingClients.id, funders.billingClientId))
    .where(caller.scope.where(funders))
    .orderBy(asc(funders.kind), asc(funders.name), asc(funders.id));
  const members = await db
    .select({ funderId: memberships.funderId, userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(caller.scope.where(memberships, inArray(memberships.role, [...rolesWith("funders.perimeter")])))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return rows.map((r) => ({
    id: r.funder.id,
    code: r.funder.code,
    name: r.funder.name,
    kind: r.funder.kind,
    billingClientId: r.funder.billingClientId,
    billingClientName: r.clientName,
    members: members.filter((m) => m.funderId === r.funder.id).map(({ funderId: _f, ...m }) => m),
  }));
}

async function oneFunder(db: DbOrTx, caller: Caller, id: string): Promise<TFunder> {
  const found = (await listFunders(db, caller)).find((f) => f.id === id);
  if (!found) throw funderNotFound();
  return found;
}

/** Links the funder to the billing client that receives its invoices (null unlinks). Audited. */
export async function updateFunder(db: Db, caller: Caller, input: { id: string; billingClientId: string | null }): Promise<TFunder> {
  return db.transaction(async (tx) => {
    const funder = await loadFunder(tx, caller, input.id);
    if (input.billingClientId) {
      const [client] = await tx.select({ id: billingClients.id }).from(billingClients).where(caller.scope.where(billingClients, eq(billingClients.id, input.billingClientId))).limit(1);
      if (!client) throw unprocessable("Unknown billing client", { billingClientId: ["Unknown billing client"] });
    }
    await tx.update(funders).set({ billingClientId: input.billingClientId }).where(caller.scope.where(funders, eq(funders.id, funder.id)));
    await writeAudit(tx, caller, { action: "funder.updated", targetType: "funder", targetId: funder.id, metadata: { billingClientId: input.billingClientId } });
    return oneFunder(tx, caller, funder.id);
  });
}

/** Makes a FUNDER member belong to the funder (a member belongs to one funder at most), or no longer (`funderId` null). Audited. */
export async function setFunderMember(db: Db, caller: Caller, input: { id: string; userId: string }, link: boolean): Promise<TFunder> {
  return db.transaction(async (tx) => {
    const funder = await loadFunder(tx, caller, input.id);
    const [member] = await tx
      .select({ id: memberships.id, role: memberships.role, funderId: memberships.funderId })
      .from(memberships)
      .where(caller.scope.where(memberships, eq(memberships.userId, input.userId)))
      .limit(1);
    if (!member) throw notFound("User");
    // Only those whose role reads through a funder's perimeter belong to one.
    if (!can(member.role, "funders.perimeter")) throw unprocessable("Only a FUNDER member belongs to a funder", { userId: ["Not a FUNDER member"] });
    if (link || member.funderId === funder.id) {
      await tx
        .update(memberships)
        .set({ funderId: link ? funder.id : null })
        .where(caller.scope.where(memberships, eq(memberships.id, member.id)));
      await writeAudit(tx, caller, { action: link ? "funder.member_added" : "funder.member_removed", targetType: "funder", targetId: funder.id, metadata: { userId: input.userId } });
    }
    return oneFunder(tx, caller, funder.id);
  });
}

/** The caller's own funder (a FUNDER member), or null when they belong to none. */
export async function myFunder(db: DbOrTx, caller: Caller) {
  if (!caller.funderId) return null;
  const [row] = await db
    .select({ id: funders.id, code: funders.code, name: funders.name, kind: funders.kind })
    .from(funders)
    .where(caller.scope.where(funders, eq(funders.id, caller.funderId)))
    .limit(1);
  return row ?? null;
}
