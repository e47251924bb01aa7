import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { and, eq, like } from "drizzle-orm";
import type { Db } from "../server/db";
import { openAppDatabase } from "../server/jobs/open";
import { attendanceSlots, courses, enrollments, liveSessions, memberships, modules, sessionTrainers, tenants, users } from "../server/db/schema";
import { demoSignature } from "../server/seed/signature-png";
import { forTenant } from "../server/db/tenant-scope";
import { env } from "../server/env";
import { newId } from "../server/lib/ids";
import { appendRecord, type NewRecord } from "../server/services/attendance/chain";
import { encryptBytes } from "../server/lib/crypto-box";
import { generatePin } from "../server/services/attendance/lib/pin";
import { signatureDigest } from "../server/services/attendance/lib/seal";
import { generateSlots } from "../server/services/attendance/lib/slots";

/**
 * Child process of `npm run bench`, before the app starts (with the app's ENCRYPTION_KEY): the
 * attendance sheet measured by bench/sheet-pdf.ts. A course with three modules and
 * BENCH_SHEET_LEARNERS (40) of the seeded learners, an ENDED session of BENCH_SHEET_SLOTS (10)
 * HOURLY slots taught by the demo trainer, and one record per learner and slot through the chain
 * writer: a third drawn (CANVAS, encrypted PNG), a third PIN, a third QR_CODE, every 13th absent;
 * the trainer draws a signature in every slot. Written to BENCH_SHEET_FIXTURES.
 */
export type SheetFixtures = { tenant: string; sessionId: string; learners: number; slots: number; records: number };

/**
 * Seeds the sheet into `db` (the demo data and `learners` bench learners, emails `bench-*`, must be
 * there): the course, the ENDED session, its slots and records. Also used by
 * scripts/profile-sheet-pdf.ts.
 */
export async function seedSheet(db: Db, opts: { tenant: string; learners: number; slots: number }): Promise<SheetFixtures> {
  const { tenant: TENANT, learners: LEARNERS, slots: SLOTS } = opts;
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, TENANT)).limit(1);
  if (!tenant) throw new Error(`tenant ${TENANT} missing`);
  const scope = forTenant(tenant.id);
  const staff = async (local: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, `${local}@${TENANT}.test`)).limit(1))[0]?.id;
  const creator = await staff("creator");
  const trainer = await staff("trainer");
  const learners = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(and(eq(memberships.tenantId, tenant.id), like(users.email, "bench-%")))
    .orderBy(users.email)
    .limit(LEARNERS);
  if (!creator || !trainer || learners.length < LEARNERS) throw new Error("bench learners or demo staff missing: run bench/seed-users.ts first");

  const courseId = newId("crs");
  await db.insert(courses).values(scope.values(courses, { id: courseId, creatorId: creator, slug: `bench-sheet-${courseId.slice(4)}`, title: "Habilitation électrique (bench feuille)", status: "PUBLISHED" as const, activityNumber: "11 75 00000 75" }));
  await db.insert(modules).values(scope.valuesMany(modules, ["Notions d'électricité", "Prévention du risque électrique", "Mises en situation"].map((title, position) => ({ id: newId("mod"), courseId, title, position }))));
  const enrollmentIds = new Map(learners.map((l) => [l.id, newId("enr")]));
  await db.insert(enrollments).values(scope.valuesMany(enrollments, learners.map((l) => ({ id: enrollmentIds.get(l.id)!, courseId, userId: l.id, status: "ACTIVE" as const }))));

  const scheduledAt = new Date(Date.now() - 3 * 24 * 3_600_000);
  const durationMinutes = SLOTS * 60;
  const sessionId = newId("ses");
  await db.insert(liveSessions).values(
    scope.values(liveSessions, {
      id: sessionId,
      courseId,
      title: `Session de ${SLOTS} heures`,
      scheduledAt,
      durationMinutes,
      status: "ENDED" as const,
      startedAt: scheduledAt,
      endedAt: new Date(scheduledAt.getTime() + durationMinutes * 60_000),
      mediaRoomName: `room-${sessionId.slice(4)}`,
      attendancePin: generatePin(),
      createdBy: creator,
    }),
  );
  await db.insert(sessionTrainers).values(scope.values(sessionTrainers, { sessionId, userId: trainer }));
  const slots = generateSlots({ scheduledAt, durationMinutes }, "HOURLY").map((s) => ({ ...s, id: newId("slt") }));
  await db.insert(attendanceSlots).values(scope.valuesMany(attendanceSlots, slots.map((s) => ({ ...s, sessionId }))));

  const append = (rec: NewRecord, id?: string) => db.transaction((tx) => appendRecord(tx, scope, rec, id ? { id } : {}));
  const drawn = (userId: string, enrollmentId: string | null, slotId: string, signedAt: Date, seed: number) => {
    const id = newId("emg");
    const { png } = demoSignature(seed);
    return append({ sessionId, userId, enrollmentId, slotId, method: "CANVAS", signedAt, signatureCiphertext: encryptBytes(png, { aad: id }), signatureDigest: signatureDigest(png) }, id);
  };
  let records = 0;
  for (const slot of slots) {
    const t0 = slot.startsAt.getTime();
    await drawn(trainer, null, slot.id, new Date(t0 + 60_000), 1);
    records += 1;
    for (const [i, l] of learners.entries()) {
      if ((i + slot.position) % 13 === 0) continue; // absent
      const signedAt = new Date(t0 + (2 + i) * 15_000);
      const enrollmentId = enrollmentIds.get(l.id)!;
      if (i % 3 === 0) await drawn(l.id, enrollmentId, slot.id, signedAt, i);
      else await append({ sessionId, userId: l.id, enrollmentId, slotId: slot.id, method: i % 3 === 1 ? "PIN" : "QR_CODE", signedAt });
      records += 1;
    }
  }
  return { tenant: TENANT, sessionId, learners: learners.length, slots: slots.length, records };
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const FIXTURES = process.env.BENCH_SHEET_FIXTURES ?? "bench/results/sheet-fixtures.json";
  const e = env();
  const handle = await openAppDatabase({ databaseUrl: e.DATABASE_URL, pgliteDir: e.PGLITE_DIR });
  try {
    const started = performance.now();
    const fixtures = await seedSheet(handle.db, { tenant: process.env.BENCH_TENANT ?? "acme", learners: Number(process.env.BENCH_SHEET_LEARNERS ?? 40), slots: Number(process.env.BENCH_SHEET_SLOTS ?? 10) });
    mkdirSync(path.dirname(FIXTURES), { recursive: true });
    writeFileSync(FIXTURES, JSON.stringify(fixtures));
    process.stdout.write(`sheet fixtures: ${fixtures.learners} learners x ${fixtures.slots} slots, ${fixtures.records} records in ${Math.round(performance.now() - started)} ms\n`);
  } finally {
    await handle.close();
  }
}
