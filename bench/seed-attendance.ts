import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import { signAccessToken } from "../server/auth/tokens";
import { openAppDatabase } from "../server/jobs/open";
import { courses, enrollments, liveSessions, memberships, sessionParticipants, sessionTrainers, tenants, users } from "../server/db/schema";
import { forTenant } from "../server/db/tenant-scope";
import { env } from "../server/env";
import { newId } from "../server/lib/ids";
import { generatePin } from "../server/services/attendance/lib/pin";
import { issueQrToken } from "../server/services/attendance/qr";

/**
 * Child process of `npm run bench`, after bench/seed-users.ts and before the app starts: a course
 * in BENCH_TENANT with BENCH_SIGNERS of the seeded learners enrolled, two LIVE sessions (one
 * signed by PIN, one by QR) with every learner registered, ten more PIN sessions that share the
 * learners (a tenth each), an access token per learner (signed with the app's JWT_SECRET,
 * given in the environment) and one single-use QR token per learner. Written to
 * BENCH_ATTENDANCE_FIXTURES for bench/attendance.ts.
 */
const TENANT = process.env.BENCH_TENANT ?? "acme";
const SIGNERS = Number(process.env.BENCH_SIGNERS ?? 2_000);
const FIXTURES = process.env.BENCH_ATTENDANCE_FIXTURES ?? "bench/results/attendance-fixtures.json";
const CHUNK = 1000;

const e = env();
const handle = await openAppDatabase({ databaseUrl: e.DATABASE_URL, pgliteDir: e.PGLITE_DIR });
try {
  const [tenant] = await handle.db.select({ id: tenants.id, slug: tenants.slug }).from(tenants).where(eq(tenants.slug, TENANT)).limit(1);
  if (!tenant) throw new Error(`tenant ${TENANT} missing`);
  const scope = forTenant(tenant.id);
  const [creator] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, `creator@${TENANT}.test`)).limit(1);
  const learners = await handle.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(and(eq(memberships.tenantId, tenant.id), like(users.email, `bench-%`)))
    .limit(SIGNERS);
  if (!creator || learners.length === 0) throw new Error("bench learners missing: run bench/seed-users.ts first");
  const now = new Date();
  const courseId = newId("crs");
  await handle.db.insert(courses).values(scope.values(courses, { id: courseId, creatorId: creator.id, slug: `bench-attendance-${courseId.slice(4)}`, title: "Émargement (bench)", description: "", price: 0, status: "PUBLISHED" as const, duration: 7, publishedAt: now }));
  const enrollmentOf = new Map<string, string>();
  for (let from = 0; from < learners.length; from += CHUNK) {
    const batch = learners.slice(from, from + CHUNK).map((l) => ({ id: newId("enr"), courseId, userId: l.id, status: "ACTIVE" as const }));
    await handle.db.insert(enrollments).values(scope.valuesMany(enrollments, batch));
    for (const b of batch) enrollmentOf.set(b.userId, b.id);
  }
  const session = async (title: string, signers = learners) => {
    const id = newId("ses");
    const pin = generatePin();
    await handle.db.insert(liveSessions).values(
      scope.values(liveSessions, { id, courseId, title, scheduledAt: now, durationMinutes: 240, status: "LIVE" as const, startedAt: now, mediaRoomName: `room-${id.slice(4)}`, attendancePin: pin, createdBy: creator.id }),
    );
    await handle.db.insert(sessionTrainers).values(scope.values(sessionTrainers, { sessionId: id, userId: creator.id }));
    // Every signer registered to the session, as the admin's registration does: only participants sign.
    for (let from = 0; from < signers.length; from += CHUNK) {
      const batch = signers.slice(from, from + CHUNK).map((l) => ({ sessionId: id, userId: l.id, enrollmentId: enrollmentOf.get(l.id)!, registeredBy: creator.id }));
      await handle.db.insert(sessionParticipants).values(scope.valuesMany(sessionParticipants, batch));
    }
    return { id, pin };
  };
  const pinSession = await session("Bench PIN");
  const qrSession = await session("Bench QR");
  // Ten rooms at once: the learners split over ten PIN sessions (learner i signs session i mod 10).
  const tenSessions = [];
  for (let k = 0; k < 10; k += 1) tenSessions.push(await session(`Bench PIN room ${k + 1}`, learners.filter((_, i) => i % 10 === k)));
  const tokens: string[] = [];
  for (const l of learners) {
    const { token } = await signAccessToken(
      { sub: l.id, email: l.email, tenantId: tenant.id, tenantSlug: tenant.slug, activeTenantId: tenant.id, memberships: [{ tenantId: tenant.id, tenantSlug: tenant.slug, role: "LEARNER" }] },
      now,
    );
    tokens.push(token);
  }
  const qrTokens: string[] = [];
  for (let i = 0; i < learners.length; i += 1) qrTokens.push((await issueQrToken(handle.db, scope, tenant.slug, qrSession.id, now)).qrToken);
  mkdirSync(path.dirname(FIXTURES), { recursive: true });
  writeFileSync(FIXTURES, JSON.stringify({ tenant: TENANT, pinSession, qrSessionId: qrSession.id, tenSessions, tokens, qrTokens }));
  process.stdout.write(`attendance fixtures: ${learners.length} learners, PIN and QR sessions, ten PIN rooms, ${qrTokens.length} QR tokens\n`);
} finally {
  await handle.close();
}
