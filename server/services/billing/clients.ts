import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller";
import { CLIENT_MESSAGES, type TClient, type TCreateClientInput, type TListClientsInput, type TUpdateClientInput } from "../../contracts/billing-clients";
import type { Db, DbOrTx } from "../../db";
import { billingClients, enrollments, memberships, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { notFound, unprocessable, type FieldErrors } from "../../errors";
import { clock } from "../../lib/clock";
import { newId } from "../../lib/ids";
import { writeAudit } from "../platform/audit";
import { countOf, paginate, perPagePage } from "../platform/pagination";

/**
 * Billing clients (cli_), conventions §10. Rules on the merged client (create, or PATCH over the
 * stored one): a COMPANY or OPCO needs a SIREN or SIRET (the buyer's SIREN is a mention of the
 * e-invoicing reform), the SIREN is derived from the SIRET when absent, the SIRET starts with the
 * SIREN, a French VAT number carries the SIREN; an INDIVIDUAL has neither and may stand for one
 * learner (userId), one client per learner. A PUBLIC buyer's SIREN is optional.
 */
export type ClientRow = typeof billingClients.$inferSelect;

function toClient(r: ClientRow): TClient {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    siren: r.siren,
    siret: r.siret,
    vatNumber: r.vatNumber,
    address: { line1: r.addressLine1, line2: r.addressLine2, postalCode: r.postalCode, city: r.city, country: r.country },
    email: r.email,
    userId: r.userId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The client of this tenant, or 404 CLIENT_NOT_FOUND (another tenant's id included). */
export async function loadClient(db: DbOrTx, scope: TenantScope, id: string): Promise<ClientRow> {
  const [row] = await db.select().from(billingClients).where(scope.where(billingClients, eq(billingClients.id, id))).limit(1);
  if (!row) throw notFound("Client");
  return row;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listClients(db: Db, caller: Caller, q: TListClientsInput) {
  const term = q.search?.trim();
  const like = term ? `%${escapeLike(term)}%` : null;
  const digits = term ? term.replace(/\s+/g, "") : "";
  const matches = like
    ? or(ilike(billingClients.name, like), ...(/^\d+$/.test(digits) ? [ilike(billingClients.siren, `%${digits}%`), ilike(billingClients.siret, `%${digits}%`)] : []))
    : undefined;
  const where = caller.scope.where(billingClients, matches, q.kind ? eq(billingClients.kind, q.kind) : undefined);
  return paginate(perPagePage(q), {
    rows: (limit, offset) => db.select().from(billingClients).where(where).orderBy(asc(billingClients.name), asc(billingClients.id)).limit(limit).offset(offset),
    total: () => countOf(db.select({ n: count() }).from(billingClients).where(where)),
    map: (rows) => rows.map(toClient),
  });
}

export async function getClient(db: Db, caller: Caller, id: string): Promise<TClient> {
  return toClient(await loadClient(db, caller.scope, id));
}

type ClientFields = Omit<typeof billingClients.$inferInsert, "id" | "tenantId" | "createdAt" | "updatedAt" | "createdBy">;

/** Whether the user is known in this tenant (a member or an enrolled learner). */
async function knownInTenant(db: DbOrTx, scope: TenantScope, userId: string): Promise<boolean> {
  const [row] = await db
    .select({
      ok: sql<boolean>`exists (select 1 from ${memberships} where ${scope.where(memberships, eq(memberships.userId, userId))})
        or exists (select 1 from ${enrollments} where ${scope.where(enrollments, eq(enrollments.userId, userId))})`,
    })
    .from(sql`(select 1) as one`);
  return row?.ok === true || (row?.ok as unknown) === "t";
}

/** Validates the merged client and fills the SIREN from the SIRET; throws 422 with `errors` per field. */
async function checkClient(db: DbOrTx, scope: TenantScope, v: ClientFields, selfId: string | null): Promise<ClientFields> {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const kind = v.kind ?? "COMPANY";
  const out = { ...v };
  if (kind === "INDIVIDUAL") {
    if (out.siren) add("siren", CLIENT_MESSAGES.noIdsForIndividual);
    if (out.siret) add("siret", CLIENT_MESSAGES.noIdsForIndividual);
  } else {
    if (!out.siren && out.siret) out.siren = out.siret.slice(0, 9);
    if ((kind === "COMPANY" || kind === "OPCO") && !out.siren) add("siren", CLIENT_MESSAGES.sirenRequired);
    if (out.siren && out.siret && !out.siret.startsWith(out.siren)) add("siret", CLIENT_MESSAGES.siretNotOfSiren);
    if (out.siren && out.vatNumber?.startsWith("FR") && out.vatNumber.slice(4) !== out.siren) add("vatNumber", CLIENT_MESSAGES.vatNotOfSiren);
  }
  if (out.userId) {
    if (kind !== "INDIVIDUAL") add("userId", CLIENT_MESSAGES.userOnlyIndividual);
    else if (!(await knownInTenant(db, scope, out.userId))) add("userId", CLIENT_MESSAGES.unknownUser);
    else {
      const [other] = await db
        .select({ id: billingClients.id })
        .from(billingClients)
        .where(scope.where(billingClients, eq(billingClients.userId, out.userId)))
        .limit(1);
      if (other && other.id !== selfId) add("userId", CLIENT_MESSAGES.userTaken);
    }
  }
  if (Object.keys(errors).length) throw unprocessable("Validation failed", errors, "VALIDATION_FAILED");
  return out;
}

const orNull = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v === "" ? null : v);

function fieldsOf(input: Omit<TUpdateClientInput, "id">): Partial<ClientFields> {
  const set: Partial<ClientFields> = {};
  if (input.kind !== undefined) set.kind = input.kind;
  if (input.name !== undefined) set.name = input.name;
  for (const key of ["siren", "siret", "vatNumber", "email", "userId"] as const) {
    const v = orNull(input[key]);
    if (v !== undefined) set[key] = v;
  }
  // the API's address object onto the flat columns (the invoice's buyer snapshot reads them)
  const address = input.address ?? {};
  for (const [member, column] of [["line1", "addressLine1"], ["line2", "addressLine2"], ["postalCode", "postalCode"], ["city", "city"]] as const) {
    const v = orNull(address[member]);
    if (v !== undefined) set[column] = v;
  }
  if (address.country !== undefined) set.country = address.country;
  return set;
}

export async function createClient(db: Db, caller: Caller, input: TCreateClientInput, now: Date): Promise<TClient> {
  return db.transaction(async (tx) => {
    const fields = await checkClient(tx, caller.scope, { country: "FR", ...fieldsOf(input), kind: input.kind, name: input.name }, null);
    const [row] = await tx
      .insert(billingClients)
      .values(caller.scope.values(billingClients, { ...fields, id: newId("cli"), createdBy: caller.userId, createdAt: now, updatedAt: now }))
      .returning();
    await writeAudit(tx, caller, { action: "billing_client.created", targetType: "billing_client", targetId: row!.id, metadata: { name: row!.name, kind: row!.kind } });
    return toClient(row!);
  });
}

export async function updateClient(db: Db, caller: Caller, input: TUpdateClientInput, now: Date): Promise<TClient> {
  const { id, ...rest } = input;
  return db.transaction(async (tx) => {
    const current = await loadClient(tx, caller.scope, id);
    const set = fieldsOf(rest);
    const { id: _id, tenantId: _t, createdAt: _c, updatedAt: _u, createdBy: _b, ...stored } = current;
    const checked = await checkClient(tx, caller.scope, { ...stored, ...set }, id);
    if (checked.siren !== stored.siren) set.siren = checked.siren;
    const [row] = await tx
      .update(billingClients)
      .set({ ...set, updatedAt: now })
      .where(caller.scope.where(billingClients, eq(billingClients.id, id)))
      .returning();
    await writeAudit(tx, caller, { action: "billing_client.updated", targetType: "billing_client", targetId: id, metadata: { fields: Object.keys(set).sort() } });
    return toClient(row!);
  });
}

/**
 * The INDIVIDUAL client standing for a learner, created from their name and e-mail when absent
 * (split-payer invoicing of an enrollment). Safe under concurrent calls: the insert yields to
 * the (tenant, user) unique index and the winner's row is read back.
 */
export async function clientForLearner(tx: DbOrTx, caller: Caller, userId: string): Promise<ClientRow> {
  const find = async () =>
    (await tx.select().from(billingClients).where(caller.scope.where(billingClients, eq(billingClients.userId, userId))).limit(1))[0];
  const existing = await find();
  if (existing) return existing;
  if (!(await knownInTenant(tx, caller.scope, userId))) throw notFound("User");
  const [person] = await tx.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(and(eq(users.id, userId))).limit(1);
  if (!person) throw notFound("User");
  const id = newId("cli");
  const now = clock.now();
  const [row] = await tx
    .insert(billingClients)
    .values(
      caller.scope.values(billingClients, {
        id,
        kind: "INDIVIDUAL" as const,
        name: `${person.firstName} ${person.lastName}`.trim() || person.email,
        email: person.email,
        userId,
        createdBy: caller.userId,
        createdAt: now,
        updatedAt: now,
      }),
    )
    .onConflictDoNothing()
    .returning();
  if (row) {
    await writeAudit(tx, caller, { action: "billing_client.created", targetType: "billing_client", targetId: row.id, metadata: { name: row.name, kind: row.kind, userId } });
    return row;
  }
  const winner = await find();
  if (!winner) throw notFound("Client");
  return winner;
}
