import { and, asc, count, eq, ilike, inArray, or } from "drizzle-orm";
import type { Caller } from "../../auth/caller";
import type { TCompany, TCreateCompanyInput, TListCompaniesInput, TUpdateCompanyInput } from "../../contracts/needs";
import type { Db, DbOrTx } from "../../db";
import { billingClients } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { notFound } from "../../errors";
import { newId } from "../../lib/ids";
import { writeAudit } from "../platform/audit";
import { countOf, paginate, perPagePage } from "../platform/pagination";

/**
 * The companies of training-needs analyses are the tenant's billing clients of kind COMPANY or
 * OPCO: one list (GET /companies and GET /billing-clients show the same rows). Those created here
 * are COMPANY clients (cli_); the companies of before migration 0044 kept their cmp_ ids.
 */
export type CompanyRow = typeof billingClients.$inferSelect;

/** The kinds of billing client a needs analysis can be made for. */
export const COMPANY_KINDS = ["COMPANY", "OPCO"] as const;
const isCompany = inArray(billingClients.kind, [...COMPANY_KINDS]);

function toCompany(r: CompanyRow): TCompany {
  return {
    id: r.id,
    kind: r.kind === "OPCO" ? "OPCO" : "COMPANY",
    name: r.name,
    siret: r.siret,
    contactName: r.contactName,
    contactEmail: r.email,
    contactPhone: r.contactPhone,
    opcoName: r.opcoName,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The tenant's COMPANY or OPCO billing client, else 404 COMPANY_NOT_FOUND (another kind, another tenant's or unknown id). */
export async function loadCompany(db: DbOrTx, scope: TenantScope, id: string): Promise<CompanyRow> {
  const [row] = await db.select().from(billingClients).where(scope.where(billingClients, and(eq(billingClients.id, id), isCompany))).limit(1);
  if (!row) throw notFound("Company");
  return row;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listCompanies(db: Db, caller: Caller, q: TListCompaniesInput) {
  const term = q.search?.trim();
  const like = term ? `%${escapeLike(term)}%` : null;
  const matches = like ? or(ilike(billingClients.name, like), ilike(billingClients.siret, like.replace(/\s+/g, ""))) : undefined;
  const where = caller.scope.where(billingClients, isCompany, matches);
  return paginate(perPagePage(q), {
    rows: (limit, offset) => db.select().from(billingClients).where(where).orderBy(asc(billingClients.name), asc(billingClients.id)).limit(limit).offset(offset),
    total: () => countOf(db.select({ n: count() }).from(billingClients).where(where)),
    map: (rows) => rows.map(toCompany),
  });
}

export async function getCompany(db: Db, caller: Caller, id: string): Promise<TCompany> {
  return toCompany(await loadCompany(db, caller.scope, id));
}

/** Inserts a COMPANY billing client (the SIREN is the SIRET's first 9 digits). */
export async function insertCompany(
  tx: DbOrTx,
  caller: { scope: TenantScope; userId: string | null },
  input: { name: string; siret?: string | null; contactName?: string | null; contactEmail?: string | null; contactPhone?: string | null; opcoName?: string | null },
  now: Date,
): Promise<CompanyRow> {
  const siret = input.siret || null;
  const [row] = await tx
    .insert(billingClients)
    .values(
      caller.scope.values(billingClients, {
        id: newId("cli"),
        kind: "COMPANY" as const,
        name: input.name,
        siret,
        siren: siret ? siret.slice(0, 9) : null,
        email: input.contactEmail || null,
        contactName: input.contactName || null,
        contactPhone: input.contactPhone || null,
        opcoName: input.opcoName || null,
        createdBy: caller.userId,
        createdAt: now,
        updatedAt: now,
      }),
    )
    .returning();
  return row!;
}

export async function createCompany(db: Db, caller: Caller, input: TCreateCompanyInput, now: Date): Promise<TCompany> {
  return db.transaction(async (tx) => {
    const row = await insertCompany(tx, caller, input, now);
    await writeAudit(tx, caller, { action: "billing_client.created", targetType: "billing_client", targetId: row.id, metadata: { name: row.name, kind: row.kind, via: "companies" } });
    return toCompany(row);
  });
}

export async function updateCompany(db: Db, caller: Caller, input: TUpdateCompanyInput, now: Date): Promise<TCompany> {
  const { id, ...fields } = input;
  return db.transaction(async (tx) => {
    await loadCompany(tx, caller.scope, id);
    const set: Partial<typeof billingClients.$inferInsert> = { updatedAt: now };
    if (fields.name !== undefined) set.name = fields.name;
    if (fields.siret !== undefined) {
      set.siret = fields.siret;
      if (fields.siret) set.siren = fields.siret.slice(0, 9);
    }
    if (fields.contactName !== undefined) set.contactName = fields.contactName || null;
    if (fields.contactEmail !== undefined) set.email = fields.contactEmail;
    if (fields.contactPhone !== undefined) set.contactPhone = fields.contactPhone || null;
    if (fields.opcoName !== undefined) set.opcoName = fields.opcoName || null;
    const [row] = await tx.update(billingClients).set(set).where(caller.scope.where(billingClients, eq(billingClients.id, id))).returning();
    await writeAudit(tx, caller, { action: "billing_client.updated", targetType: "billing_client", targetId: id, metadata: { fields: Object.keys(fields).sort(), via: "companies" } });
    return toCompany(row!);
  });
}
