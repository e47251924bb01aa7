import { asc, count, eq, ilike, or } from "drizzle-orm";
import type { Caller } from "../../auth/caller";
import type { TCompany, TCreateCompanyInput, TListCompaniesInput, TUpdateCompanyInput } from "../../contracts/needs";
import type { Db, DbOrTx } from "../../db";
import { companies } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { notFound } from "../../errors";
import { newId } from "../../lib/ids";
import { writeAudit } from "../platform/audit";
import { countOf, paginate, perPagePage } from "../platform/pagination";

/** Client companies (cmp_) of training-needs analyses. The spec names only the prefix; the operations are conventions' "what a user expects". */
export type CompanyRow = typeof companies.$inferSelect;

export function toCompany(r: CompanyRow): TCompany {
  return {
    id: r.id,
    name: r.name,
    siret: r.siret,
    contactName: r.contactName,
    contactEmail: r.contactEmail,
    contactPhone: r.contactPhone,
    opcoName: r.opcoName,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function loadCompany(db: DbOrTx, scope: TenantScope, id: string): Promise<CompanyRow> {
  const [row] = await db.select().from(companies).where(scope.where(companies, eq(companies.id, id))).limit(1);
  if (!row) throw notFound("Company");
  return row;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listCompanies(db: Db, caller: Caller, q: TListCompaniesInput) {
  const term = q.search?.trim();
  const like = term ? `%${escapeLike(term)}%` : null;
  const where = caller.scope.where(companies, like ? or(ilike(companies.name, like), ilike(companies.siret, like.replace(/\s+/g, ""))) : undefined);
  return paginate(perPagePage(q), {
    rows: (limit, offset) => db.select().from(companies).where(where).orderBy(asc(companies.name), asc(companies.id)).limit(limit).offset(offset),
    total: () => countOf(db.select({ n: count() }).from(companies).where(where)),
    map: (rows) => rows.map(toCompany),
  });
}

export async function getCompany(db: Db, caller: Caller, id: string): Promise<TCompany> {
  return toCompany(await loadCompany(db, caller.scope, id));
}

export async function createCompany(db: Db, caller: Caller, input: TCreateCompanyInput, now: Date): Promise<TCompany> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(companies)
      .values(
        caller.scope.values(companies, {
          id: newId("cmp"),
          name: input.name,
          siret: input.siret ?? null,
          contactName: input.contactName || null,
          contactEmail: input.contactEmail ?? null,
          contactPhone: input.contactPhone || null,
          opcoName: input.opcoName || null,
          createdBy: caller.userId,
          createdAt: now,
          updatedAt: now,
        }),
      )
      .returning();
    await writeAudit(tx, caller, { action: "company.created", targetType: "company", targetId: row!.id, metadata: { name: input.name } });
    return toCompany(row!);
  });
}

export async function updateCompany(db: Db, caller: Caller, input: TUpdateCompanyInput, now: Date): Promise<TCompany> {
  const { id, ...fields } = input;
  return db.transaction(async (tx) => {
    await loadCompany(tx, caller.scope, id);
    const set: Partial<typeof companies.$inferInsert> = { updatedAt: now };
    if (fields.name !== undefined) set.name = fields.name;
    if (fields.siret !== undefined) set.siret = fields.siret;
    if (fields.contactName !== undefined) set.contactName = fields.contactName || null;
    if (fields.contactEmail !== undefined) set.contactEmail = fields.contactEmail;
    if (fields.contactPhone !== undefined) set.contactPhone = fields.contactPhone || null;
    if (fields.opcoName !== undefined) set.opcoName = fields.opcoName || null;
    const [row] = await tx.update(companies).set(set).where(caller.scope.where(companies, eq(companies.id, id))).returning();
    await writeAudit(tx, caller, { action: "company.updated", targetType: "company", targetId: id, metadata: { fields: Object.keys(fields) } });
    return toCompany(row!);
  });
}
