import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { courses, lessonProgress, lessons, memberships, tenants, users } from "../db/schema";
import { forTenant, type TenantScope } from "../db/tenant-scope";
import { hashPassword } from "../auth/passwords";
import type { Role } from "../auth/permissions";
import { newId } from "../lib/ids";

/**
 * Building blocks shared by the demo seed, the integration tests and the e2e fixtures.
 * Each one is idempotent on its natural key (slug, e-mail, tenant + user).
 */
export async function ensureTenant(
  db: DbOrTx,
  p: { slug: string; name: string; ofMode?: boolean; aiCredits?: number; primaryColor?: string },
): Promise<typeof tenants.$inferSelect> {
  const [existing] = await db.select().from(tenants).where(eq(tenants.slug, p.slug)).limit(1);
  if (existing) return existing;
  const [row] = await db
    .insert(tenants)
    .values({
      id: newId("ten"),
      slug: p.slug,
      name: p.name,
      ofMode: p.ofMode ?? true,
      aiCredits: p.aiCredits ?? 0,
      branding: { displayName: p.name, primaryColor: p.primaryColor ?? null, logoUrl: null },
    })
    .returning();
  return row!;
}

const hashCache = new Map<string, Promise<string>>();
/** One argon2 hash per distinct password per process (seeding thousands of users stays fast). */
function cachedHash(password: string): Promise<string> {
  let h = hashCache.get(password);
  if (!h) {
    h = hashPassword(password);
    hashCache.set(password, h);
  }
  return h;
}

export async function ensureUser(
  db: DbOrTx,
  p: { email: string; firstName: string; lastName: string; password?: string | null; isPlatformAdmin?: boolean; locale?: string },
): Promise<typeof users.$inferSelect> {
  const [existing] = await db.select().from(users).where(sql`lower(${users.email}) = ${p.email.toLowerCase()}`).limit(1);
  if (existing) return existing;
  const [row] = await db
    .insert(users)
    .values({
      id: newId("usr"),
      email: p.email.toLowerCase(),
      firstName: p.firstName,
      lastName: p.lastName,
      passwordHash: p.password ? await cachedHash(p.password) : null,
      isPlatformAdmin: p.isPlatformAdmin ?? false,
      locale: p.locale ?? "fr",
    })
    .returning();
  return row!;
}

export async function ensureMembership(
  db: DbOrTx,
  tenantId: string,
  userId: string,
  role: Role,
  status: "ACTIVE" | "INVITED" | "SUSPENDED" = "ACTIVE",
): Promise<typeof memberships.$inferSelect> {
  const scope = forTenant(tenantId);
  const [existing] = await db.select().from(memberships).where(scope.where(memberships, eq(memberships.userId, userId))).limit(1);
  if (existing) return existing;
  const [row] = await db.insert(memberships).values(scope.values(memberships, { id: newId("mbr"), userId, role, status })).returning();
  return row!;
}

export async function ensureCourse(
  db: DbOrTx,
  tenantId: string,
  p: { slug: string; title: string; creatorId: string; status?: "DRAFT" | "PUBLISHED" | "ARCHIVED"; description?: string; price?: number },
): Promise<typeof courses.$inferSelect> {
  const scope = forTenant(tenantId);
  const [existing] = await db.select().from(courses).where(scope.where(courses, and(eq(courses.slug, p.slug)))).limit(1);
  if (existing) return existing;
  const [row] = await db
    .insert(courses)
    .values(
      scope.values(courses, {
        id: newId("crs"),
        creatorId: p.creatorId,
        slug: p.slug,
        title: p.title,
        description: p.description ?? "",
        price: p.price ?? 0,
        status: p.status ?? "DRAFT",
      }),
    )
    .returning();
  return row!;
}

/**
 * The progress records of an enrollment seeded as COMPLETED: every lesson of its course
 * COMPLETED at `at` (idempotent), so its progress reads 100 % like a completion through the API.
 */
export async function completeAllLessons(db: DbOrTx, scope: TenantScope, p: { enrollmentId: string; courseId: string; at: Date }): Promise<void> {
  const ids = await db.select({ id: lessons.id }).from(lessons).where(scope.where(lessons, eq(lessons.courseId, p.courseId)));
  if (!ids.length) return;
  await db
    .insert(lessonProgress)
    .values(scope.valuesMany(lessonProgress, ids.map((l) => ({ id: newId("prg"), enrollmentId: p.enrollmentId, lessonId: l.id, status: "COMPLETED" as const, timeSpentSeconds: 900, startedAt: p.at, completedAt: p.at, updatedAt: p.at }))))
    .onConflictDoNothing();
}
