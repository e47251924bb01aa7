import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db";
import { memberships, trainerCompetencies } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { forbidden, notFound, unprocessable } from "../../errors";
import { newId } from "../../lib/ids";
import { isoDay } from "./qualiopi";
import { TEACHING_ROLES } from "../platform/who-may";
import type { Caller } from "../../auth/caller";

type CompetencyRow = typeof trainerCompetencies.$inferSelect;

const serialize = (c: CompetencyRow, today: string) => ({
  id: c.id,
  userId: c.userId,
  domain: c.domain,
  evidence: c.evidence,
  validUntil: c.validUntil,
  isValid: !c.validUntil || c.validUntil >= today,
  createdAt: c.createdAt.toISOString(),
});

/** The user's membership in the tenant, or 404 (another tenant's user is not found). */
async function memberOf(db: Db, scope: TenantScope, userId: string) {
  const [m] = await db.select({ role: memberships.role, status: memberships.status }).from(memberships).where(scope.where(memberships, eq(memberships.userId, userId))).limit(1);
  if (!m) throw notFound("User");
  return m;
}

/** GET /trainers/{userId}/competencies: ADMIN and CREATOR see anyone's; a TRAINER only their own. */
export async function listCompetencies(db: Db, caller: Caller, userId: string, now: Date) {
  if (!caller.can("competencies.readAny") && caller.userId !== userId) throw forbidden("Forbidden: ADMIN or CREATOR required");
  await memberOf(db, caller.scope, userId);
  const rows = await db
    .select()
    .from(trainerCompetencies)
    .where(caller.scope.where(trainerCompetencies, eq(trainerCompetencies.userId, userId)))
    .orderBy(asc(trainerCompetencies.domain), asc(trainerCompetencies.createdAt));
  return rows.map((r) => serialize(r, isoDay(now)));
}

/** POST /trainers/{userId}/competencies (ADMIN or CREATOR): the user must be able to teach (422). */
export async function addCompetency(
  db: Db,
  caller: Caller,
  input: { userId: string; domain: string; evidence: string; validUntil?: string | null },
  now: Date,
) {
  const m = await memberOf(db, caller.scope, input.userId);
  if (!(TEACHING_ROLES as readonly string[]).includes(m.role)) {
    throw unprocessable("User is not a trainer", { userId: ["Only TRAINER, CREATOR or ADMIN members hold trainer competencies"] });
  }
  const [row] = await db
    .insert(trainerCompetencies)
    .values(
      caller.scope.values(trainerCompetencies, {
        id: newId("cpt"),
        userId: input.userId,
        domain: input.domain,
        evidence: input.evidence,
        validUntil: input.validUntil ?? null,
        createdAt: now,
      }),
    )
    .returning();
  return serialize(row!, isoDay(now));
}

/** DELETE /trainers/{userId}/competencies/{competencyId} (ADMIN or CREATOR). */
export async function removeCompetency(db: Db, caller: Caller, userId: string, competencyId: string): Promise<void> {
  const deleted = await db
    .delete(trainerCompetencies)
    .where(caller.scope.where(trainerCompetencies, and(eq(trainerCompetencies.id, competencyId), eq(trainerCompetencies.userId, userId))))
    .returning({ id: trainerCompetencies.id });
  if (!deleted.length) throw notFound("Competency");
}
