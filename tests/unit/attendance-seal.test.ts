import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../server/services/attendance/lib/canonical-json";
import {
  type ChainedRecord,
  type SealableRecord,
  canonicalRecord,
  sealInput,
  sealRecord,
  signatureDigest,
  verifyChain,
} from "../../server/services/attendance/lib/seal";

const base = (i: number, extra: Partial<SealableRecord> = {}): SealableRecord => ({
  id: `emg_${String(i).padStart(24, "0")}`,
  tenantId: "ten_a",
  sessionId: "ses_1",
  userId: `usr_${i}`,
  method: ["QR", "PIN", "CANVAS", "AUTO", "OVERRIDE"][i % 5]!,
  signedAt: new Date(Date.UTC(2027, 0, 12, 8, i, 0)),
  ...extra,
});

function buildChain(n: number): ChainedRecord[] {
  const out: ChainedRecord[] = [];
  let prev: string | null = null;
  for (let i = 0; i < n; i++) {
    const r = base(i, i === 3 ? { attendanceMinutes: 95, attendanceRate: 0.7917 } : {});
    const sealedHash = sealRecord(r, prev);
    out.push({ ...r, sealedHash });
    prev = sealedHash;
  }
  return out;
}

describe("canonicalJson", () => {
  it("sorts keys at every depth, drops whitespace, writes ISO dates and JSON numbers", () => {
    const d = new Date("2027-01-12T08:00:00.000Z");
    expect(canonicalJson({ b: 1, a: { z: [1, "x", null], y: d }, c: undefined, n: -0, f: 0.5 })).toBe(
      '{"a":{"y":"2027-01-12T08:00:00.000Z","z":[1,"x",null]},"b":1,"f":0.5,"n":0}',
    );
    expect(canonicalJson({ "é": "\"q\"\n", A: true })).toBe('{"A":true,"é":"\\"q\\"\\n"}');
  });
  it("refuses values JSON cannot represent faithfully", () => {
    expect(() => canonicalJson({ x: Number.NaN })).toThrow(TypeError);
    expect(() => canonicalJson({ x: Infinity })).toThrow(TypeError);
    expect(() => canonicalJson([undefined])).toThrow(TypeError);
    expect(() => canonicalJson({ d: new Date("nope") })).toThrow(TypeError);
  });
});

describe("sealRecord", () => {
  it("is sha256 over {previousHash, record} canonical JSON, independently recomputed", () => {
    const r = base(1, { location: { lat: 48.85, lng: 2.35, accuracy: 12 } });
    const prev = `sha256:${"a".repeat(64)}`;
    const text = sealInput(r, prev);
    expect(text.startsWith(`{"previousHash":"${prev}","record":{`)).toBe(true);
    expect(text).toContain('"signedAt":"2027-01-12T08:01:00.000Z"');
    expect(text).toContain('"location":{"accuracy":12,"lat":48.85,"lng":2.35}');
    const expected = createHash("sha256").update(text).digest("hex");
    expect(sealRecord(r, prev)).toBe(`sha256:${expected}`);
    expect(sealRecord(r, prev)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(sealRecord(r, null)).not.toBe(sealRecord(r, prev));
  });

  it("is independent of key order, extra properties and representation of equal values", () => {
    const r = base(2, { attendanceRate: 0.5, attendanceMinutes: 30 });
    const shuffled = Object.fromEntries(Object.entries(r).reverse()) as SealableRecord;
    const fromDb = { ...r, signedAt: "2027-01-12T09:02:00+01:00", attendanceRate: "0.5000", attendanceMinutes: "30", createdAt: new Date(), sealedHash: "x" };
    expect(sealRecord(shuffled, null)).toBe(sealRecord(r, null));
    expect(sealRecord(fromDb, null)).toBe(sealRecord(r, null));
    expect(canonicalRecord({ ...r, reason: undefined })).toBe(canonicalRecord({ ...r, reason: null }));
  });

  it("changes with every sealed field", () => {
    const r = base(3, { enrollmentId: "enr_1", reason: "r".repeat(20), overrideBy: "usr_admin", slotId: "slt_1", auditLogId: "aud_1", signatureDigest: signatureDigest(Buffer.from("png")), ipAddress: "10.0.0.1", userAgent: "UA" });
    const h = sealRecord(r, null);
    const variants: Partial<SealableRecord>[] = [
      { id: "emg_other" }, { tenantId: "ten_b" }, { sessionId: "ses_2" }, { userId: "usr_x" }, { enrollmentId: "enr_2" },
      { method: "PIN" }, { signedAt: new Date(Date.UTC(2027, 0, 12, 8, 3, 1)) }, { attendanceMinutes: 1 }, { attendanceRate: 0.1 },
      { overrideBy: "usr_y" }, { reason: "s".repeat(20) }, { auditLogId: "aud_2" }, { slotId: "slt_2" }, { location: { lat: 1, lng: 2 } },
      { signatureDigest: signatureDigest(Buffer.from("png2")) }, { ipAddress: "10.0.0.2" }, { userAgent: "UA2" },
    ];
    const hashes = new Set(variants.map((v) => sealRecord({ ...r, ...v }, null)));
    expect(hashes.size).toBe(variants.length);
    expect(hashes.has(h)).toBe(false);
  });

  it("refuses a malformed previous hash and invalid fields", () => {
    expect(() => sealRecord(base(1), "sha256:XYZ")).toThrow(TypeError);
    expect(() => sealRecord(base(1, { signedAt: "not a date" }), null)).toThrow(TypeError);
    expect(() => sealRecord(base(1, { attendanceRate: "abc" }), null)).toThrow(TypeError);
  });
});

describe("verifyChain", () => {
  it("accepts an intact chain and an empty one", () => {
    expect(verifyChain(buildChain(6))).toEqual({ valid: true, checked: 6, brokenAt: null });
    expect(verifyChain([])).toEqual({ valid: true, checked: 0, brokenAt: null });
  });

  it("finds a tampered middle record (and only reports the first break)", () => {
    const chain = buildChain(6);
    chain[2] = { ...chain[2]!, userId: "usr_intruder" };
    chain[4] = { ...chain[4]!, method: "OVERRIDE" };
    expect(verifyChain(chain)).toEqual({ valid: false, checked: 3, brokenAt: chain[2]!.id });
  });

  it("finds a tampered numeric field stored as a string", () => {
    const chain = buildChain(6);
    chain[3] = { ...chain[3]!, attendanceMinutes: "120" };
    expect(verifyChain(chain).brokenAt).toBe(chain[3]!.id);
  });

  it("finds a deleted record at the record that followed it", () => {
    const chain = buildChain(6);
    const removed = chain.filter((_, i) => i !== 2);
    expect(verifyChain(removed)).toEqual({ valid: false, checked: 3, brokenAt: chain[3]!.id });
    expect(verifyChain(chain.slice(1))).toEqual({ valid: false, checked: 1, brokenAt: chain[1]!.id });
  });

  it("finds reordered records", () => {
    const chain = buildChain(6);
    const swapped = [chain[0]!, chain[1]!, chain[3]!, chain[2]!, chain[4]!, chain[5]!];
    expect(verifyChain(swapped)).toEqual({ valid: false, checked: 3, brokenAt: chain[3]!.id });
  });

  it("finds a re-sealed record whose successor still points at the old hash", () => {
    const chain = buildChain(5);
    const forged = { ...chain[1]!, reason: "edited" };
    forged.sealedHash = sealRecord(forged, chain[0]!.sealedHash);
    chain[1] = forged;
    expect(verifyChain(chain).brokenAt).toBe(chain[2]!.id);
  });

  it("verifies a contiguous tail given the preceding hash, and treats garbage as a break", () => {
    const chain = buildChain(6);
    expect(verifyChain(chain.slice(3), { previousHash: chain[2]!.sealedHash })).toEqual({ valid: true, checked: 3, brokenAt: null });
    const garbage = [...chain];
    garbage[1] = { ...garbage[1]!, signedAt: "garbage" };
    expect(verifyChain(garbage)).toEqual({ valid: false, checked: 2, brokenAt: chain[1]!.id });
  });
});

describe("fields added after the first seals (status, lateMinutes, leftEarlyMinutes, correctsId)", () => {
  const V1_FIELDS = ["id", "tenantId", "sessionId", "userId", "enrollmentId", "method", "signedAt", "attendanceMinutes", "attendanceRate", "overrideBy", "reason", "auditLogId", "slotId", "location", "signatureDigest", "ipAddress", "userAgent", "joinedAt", "leftAt", "mediaParticipantSid"];
  /** The link text exactly as version 1 computed it, before the new fields existed. */
  function v1Hash(r: SealableRecord, previousHash: string | null): string {
    const record: Record<string, unknown> = { v: 1 };
    for (const f of V1_FIELDS) {
      const v = (r as Record<string, unknown>)[f];
      record[f] = v instanceof Date ? v.toISOString() : (v ?? null);
    }
    return `sha256:${createHash("sha256").update(canonicalJson({ previousHash, record } as never), "utf8").digest("hex")}`;
  }

  it("a record without them hashes exactly as before (null or absent alike)", () => {
    const r = base(4, { attendanceMinutes: 60, reason: "Correction sans statut, ancienne forme", overrideBy: "usr_admin" });
    expect(sealRecord(r, null)).toBe(v1Hash(r, null));
    expect(sealRecord({ ...r, status: null, lateMinutes: null, leftEarlyMinutes: null, correctsId: null }, null)).toBe(v1Hash(r, null));
    expect(canonicalRecord(r)).not.toMatch(/status|lateMinutes|leftEarlyMinutes|correctsId/);
  });

  it("a chain of old and new records verifies; changing or dropping a new field breaks it at that record", () => {
    const chain = buildChain(4);
    let prev = chain[chain.length - 1]!.sealedHash;
    const additions: SealableRecord[] = [
      base(10, { method: "OVERRIDE", status: "LATE", lateMinutes: 25, correctsId: chain[1]!.id, attendanceMinutes: 35 }),
      base(11, { method: "OVERRIDE", status: "EXCUSED_ABSENCE", attendanceMinutes: 0 }),
      base(12, { method: "OVERRIDE", status: "LEFT_EARLY", leftEarlyMinutes: 15, attendanceMinutes: 45 }),
    ];
    for (const r of additions) {
      const sealedHash = sealRecord(r, prev);
      expect(canonicalRecord(r)).toMatch(/"status":"/);
      chain.push({ ...r, sealedHash });
      prev = sealedHash;
    }
    expect(verifyChain(chain)).toEqual({ valid: true, checked: 7, brokenAt: null });
    const tampered = (i: number, patch: Partial<SealableRecord>) => verifyChain(chain.map((r, j) => (j === i ? { ...r, ...patch } : r)));
    expect(tampered(4, { status: "PRESENT" })).toEqual({ valid: false, checked: 5, brokenAt: chain[4]!.id });
    expect(tampered(4, { lateMinutes: 5 })).toEqual({ valid: false, checked: 5, brokenAt: chain[4]!.id });
    expect(tampered(4, { correctsId: chain[2]!.id })).toEqual({ valid: false, checked: 5, brokenAt: chain[4]!.id });
    expect(tampered(5, { status: null })).toEqual({ valid: false, checked: 6, brokenAt: chain[5]!.id });
    expect(tampered(6, { leftEarlyMinutes: 16 })).toEqual({ valid: false, checked: 7, brokenAt: chain[6]!.id });
    // Adding a status to an old record breaks it too.
    expect(tampered(1, { status: "ABSENT" })).toEqual({ valid: false, checked: 2, brokenAt: chain[1]!.id });
  });
});
