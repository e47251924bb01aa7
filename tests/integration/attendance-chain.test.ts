import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emargements } from "../../server/db/schema";
import { sealRecord } from "../../server/services/attendance/lib/seal";
import { localParts, zonedTimeToUtc } from "../../server/lib/time-zone";
import { expectError } from "../helpers/rest";
import {
  autoBody,
  canvasFields,
  createSession,
  endSession,
  generateQr,
  HASH,
  iso,
  newLearner,
  plus,
  signPin,
  startSession,
  startWorld,
  type EmargementJson,
  type Learner,
  type Session,
  type World,
} from "../helpers/attendance";

/**
 * Sealed records (conventions §7, issue acceptance): a day of mixed signatures across three
 * sessions verifies; a row edited in the database is reported by verify; the database itself
 * refuses UPDATE and DELETE.
 */
// A shared machine can be slow: every request goes through the real handler and database.
vi.setConfig({ testTimeout: 120_000 });
let w: World;
let l3: Learner;
let l4: Learner;
const day = {} as { a: Session; b: Session; c: Session; records: Record<"a" | "b" | "c", EmargementJson[]> };

beforeAll(async () => {
  w = await startWorld();
  l3 = await newLearner(w, { firstName: "Inès", lastName: "Rousseau" });
  l4 = await newLearner(w, { firstName: "Jules", lastName: "Lemoine" });
}, 180_000);
afterAll(() => w?.close());

const ok = async (res: Promise<{ status: number; body: any }>, label: string): Promise<EmargementJson> => {
  const r = await res;
  expect(r.status, `${label}: ${JSON.stringify(r.body)}`).toBe(201);
  return r.body.data;
};
const post = (path: string, token: string | undefined, body?: unknown) => w.call("POST", path, token, body);
const sigBody = () => (({ png: _png, ...rest }) => rest)(canvasFields());
const verify = (sessionId: string) => w.call("GET", `/qualiopi/emargement/${sessionId}/verify`, w.tok.admin);
const sessionList = async (sessionId: string): Promise<EmargementJson[]> => (await w.call("GET", `/emargement/${sessionId}`, w.tok.admin)).body.data;

/** Runs statements with the append-only trigger switched off, as a database owner could. */
async function asDatabaseOwner(statement: ReturnType<typeof sql>) {
  await w.api.db.transaction(async (tx) => {
    await tx.execute(sql`alter table emargements disable trigger user`);
    await tx.execute(statement);
    await tx.execute(sql`alter table emargements enable trigger user`);
  });
}

describe("a day of mixed signatures", () => {
  it("QR, PIN, CANVAS, QR_CODE, AUTO, OVERRIDE, Qualiopi record and slot signatures across three sessions: every session verifies", async () => {
    const p = localParts(plus(w.now(), 24 * 3600_000), "Europe/Paris");
    const at = (h: number, m = 0) => zonedTimeToUtc(p.year, p.month, p.day, h, m, "Europe/Paris");
    const a = await createSession(w, { title: "Matinée SST", scheduledAt: iso(at(9)), durationMinutes: 180 });
    const b = await createSession(w, { title: "Après-midi SST", scheduledAt: iso(at(13, 30)), durationMinutes: 120 });
    const c = await createSession(w, { title: "Débrief", scheduledAt: iso(at(16)), durationMinutes: 60 });
    const slotsA = (await post("/qualiopi/emargement/slots/generate", w.tok.creator, { sessionId: a.id, frequency: "HOURLY" })).body.data;
    const slotsB = (await post("/qualiopi/emargement/slots/generate", w.tok.creator, { sessionId: b.id, frequency: "FULL_SESSION" })).body.data;
    expect(slotsA).toHaveLength(3);
    expect(slotsB).toHaveLength(1);

    // 08:35, before session A: QR, PIN, canvas, countersignature
    await w.setNow(at(8, 35));
    await ok(post("/emargement/sign/qr", w.tok.learner, { qrToken: (await generateQr(w, a.id)).qrToken, location: { lat: 48.85, lng: 2.35, accuracy: 15 } }), "A QR");
    await w.advance(40);
    await signPin(w, a.id, w.tok.learner2);
    await w.setNow(at(8, 50));
    await ok(post("/emargement/sign/canvas", l3.token, { sessionId: a.id, ...sigBody() }), "A canvas");
    await w.advance(30);
    await signPin(w, a.id, w.tok.trainer);
    // 09:00 A starts; slot signatures through the morning
    await w.setNow(at(9, 1));
    await startSession(w, a.id);
    await ok(post(`/qualiopi/emargement/slots/${slotsA[0].id}/sign`, w.tok.learner, sigBody()), "A slot 1 learner");
    await ok(post(`/qualiopi/emargement/slots/${slotsA[0].id}/sign`, w.tok.learner2, sigBody()), "A slot 1 learner2");
    await w.setNow(at(10, 5));
    await ok(post(`/qualiopi/emargement/slots/${slotsA[1].id}/sign`, w.tok.learner, sigBody()), "A slot 2 learner");
    await ok(post(`/qualiopi/emargement/slots/${slotsA[1].id}/sign`, w.tok.trainer, sigBody()), "A slot 2 trainer");
    await w.setNow(at(11, 2));
    await ok(post(`/qualiopi/emargement/slots/${slotsA[2].id}/sign`, l3.token, sigBody()), "A slot 3 l3");
    await w.setNow(at(12));
    await endSession(w, a.id);
    // the media server reports presence; the admin corrects an absence
    const autoA1 = await ok(post("/emargement/auto", undefined, autoBody({ sessionId: a.id, userId: l3.userId, joinedAt: at(9), leftAt: at(10, 30), sid: "PA_l3_1" })), "A auto 1");
    const autoA2 = await ok(post("/emargement/auto", undefined, autoBody({ sessionId: a.id, userId: l3.userId, joinedAt: at(11), leftAt: at(12), sid: "PA_l3_2" })), "A auto 2");
    expect([autoA1.attendanceMinutes, autoA2.attendanceMinutes, autoA2.attendanceRate]).toEqual([90, 150, 0.8333]);
    await w.setNow(at(12, 10));
    await ok(post("/emargement/override", w.tok.admin, { sessionId: a.id, userId: l4.userId, reason: "Présent le matin, feuille papier contresignée", attendanceMinutes: 180 }), "A override");

    // 13:20, before session B
    await w.setNow(at(13, 20));
    await ok(post("/emargement/sign/qr", w.tok.learner2, { qrToken: (await generateQr(w, b.id)).qrToken }), "B QR");
    await signPin(w, b.id, w.tok.learner);
    await ok(post(`/emargement/${b.id}/sign`, l3.token, { method: "CANVAS", ...sigBody() }), "B canvas");
    await ok(post("/qualiopi/emargement/qr-validate", l4.token, { qrToken: (await generateQr(w, b.id, w.tok.creator)).qrToken }), "B QR_CODE");
    await w.setNow(at(13, 31));
    await startSession(w, b.id);
    await ok(post(`/qualiopi/emargement/slots/${slotsB[0].id}/sign`, w.tok.learner, sigBody()), "B slot learner");
    await ok(post(`/qualiopi/emargement/slots/${slotsB[0].id}/sign`, l4.token, sigBody()), "B slot l4");
    await w.setNow(at(15, 30));
    await endSession(w, b.id);

    // 16:00 session C
    await w.setNow(at(16));
    await startSession(w, c.id);
    await signPin(w, c.id, w.tok.learner);
    await ok(post("/qualiopi/emargement", w.tok.trainer, { enrollmentId: l4.enrollmentId, sessionId: c.id, method: "PIN" }), "C record");
    await w.setNow(at(17));
    await endSession(w, c.id);
    await ok(post("/emargement/auto", undefined, autoBody({ sessionId: c.id, userId: w.uid.learner2, joinedAt: at(16, 5), leftAt: at(17), sid: "PA_l2" })), "C auto");
    await ok(post("/emargement/override", w.tok.admin, { sessionId: c.id, userId: l3.userId, reason: "Connexion perdue, présence confirmée par le formateur", attendanceMinutes: 50 }), "C override");

    Object.assign(day, { a, b, c, records: { a: await sessionList(a.id), b: await sessionList(b.id), c: await sessionList(c.id) } });
    expect(day.records.a.map((r) => r.method).sort()).toEqual(["AUTO", "AUTO", "CANVAS", "CANVAS", "CANVAS", "CANVAS", "CANVAS", "CANVAS", "OVERRIDE", "PIN", "PIN", "QR"].sort());
    expect(day.records.b.map((r) => r.method).sort()).toEqual(["CANVAS", "CANVAS", "CANVAS", "PIN", "QR", "QR_CODE"].sort());
    expect(day.records.c.map((r) => r.method).sort()).toEqual(["AUTO", "OVERRIDE", "PIN", "PIN"].sort());
    for (const key of ["a", "b", "c"] as const) {
      const res = await verify(day[key].id);
      expect(res.status).toBe(200);
      expect(res.body, key).toEqual({ data: { valid: true, checked: day.records[key].length, brokenAt: null } });
    }
  });

  it("the tenant's records form one chain: each previousHash is the preceding sealedHash, each seal recomputes (conventions §7)", async () => {
    expect(day.a, "the day was recorded").toBeDefined();
    const rows = await w.api.db.select().from(emargements).where(eq(emargements.tenantId, w.acmeId)).orderBy(asc(emargements.chainPosition));
    expect(rows.length).toBeGreaterThanOrEqual(22);
    const mine = new Set([...day.records.a, ...day.records.b, ...day.records.c].map((r) => r.id));
    expect(rows.filter((r) => mine.has(r.id))).toHaveLength(mine.size);
    expect(new Set(rows.map((r) => r.sealedHash)).size).toBe(rows.length);
    rows.forEach((row, i) => {
      expect(row.chainPosition).toBe(i + 1);
      expect(row.sealedHash).toMatch(HASH);
      const previous = i === 0 ? null : rows[i - 1]!.sealedHash;
      expect(row.previousHash, row.id).toBe(previous);
      expect(sealRecord({ ...row, ipAddress: row.ip }, previous), row.id).toBe(row.sealedHash);
    });
  });

  it("UPDATE and DELETE on emargements are refused by the database", async () => {
    const target = day.records.a[1]!;
    const failure = async (p: Promise<unknown>) => {
      const error = await p.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, "the statement must fail").not.toBeNull();
      const messages: string[] = [];
      for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) messages.push(String(e.message));
      expect(messages.join(" | ")).toMatch(/emargements is append-only/);
    };
    await failure(w.api.db.update(emargements).set({ attendanceMinutes: 999 }).where(eq(emargements.id, target.id)));
    await failure(w.api.db.update(emargements).set({ sealedHash: "sha256:" + "0".repeat(64) }).where(eq(emargements.id, target.id)));
    await failure(w.api.db.delete(emargements).where(eq(emargements.id, target.id)));
    expect((await sessionList(day.a.id)).find((r) => r.id === target.id)).toEqual(target);
    expect((await verify(day.a.id)).body.data.valid).toBe(true);
  });

  it("a row edited directly in the database (trigger switched off) is reported by verify: valid false, brokenAt = that record", async () => {
    const list = day.records.a;
    const index = list.findIndex((r) => r.method === "PIN" && r.userId === w.uid.learner2);
    const target = list[index]!;
    await asDatabaseOwner(sql`update emargements set signed_at = signed_at - interval '20 minutes' where id = ${target.id}`);
    const res = await verify(day.a.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { valid: false, checked: index + 1, brokenAt: target.id } });
    // a field that is not a date: the OVERRIDE's minutes
    const override = day.records.c.find((r) => r.method === "OVERRIDE")!;
    await asDatabaseOwner(sql`update emargements set attendance_minutes = 60 where id = ${override.id}`);
    expect((await verify(day.c.id)).body.data).toMatchObject({ valid: false, brokenAt: override.id });
    // the other session is untouched
    expect((await verify(day.b.id)).body).toEqual({ data: { valid: true, checked: day.records.b.length, brokenAt: null } });
    // and the trigger is back on
    await expect(w.api.db.delete(emargements).where(eq(emargements.id, target.id))).rejects.toThrow();
  });

  it("a record removed from the middle of the chain is reported at the record that followed it", async () => {
    const list = day.records.b;
    const removed = list[2]!;
    const next = list[3]!;
    await asDatabaseOwner(sql`delete from emargements where id = ${removed.id}`);
    const res = await verify(day.b.id);
    expect(res.body.data).toMatchObject({ valid: false, brokenAt: next.id });
  });

  it("verify is for moderators: 403 learner, 404 cross-tenant, 401", async () => {
    expectError(await w.call("GET", `/qualiopi/emargement/${day.a.id}/verify`, w.tok.learner), 403);
    expectError(await w.api.call("GET", `/qualiopi/emargement/${day.a.id}/verify`, { tenant: "globex", token: w.tok.globexAdmin }), 404);
    expectError(await w.call("GET", `/qualiopi/emargement/${day.a.id}/verify`), 401);
  });
});
