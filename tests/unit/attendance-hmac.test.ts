import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DomainError } from "../../server/errors";
import { autoSignaturePayload, signAuto, verifyAuto } from "../../server/services/attendance/lib/hmac";

const SECRET = "media-secret-0123456789";
const fields = {
  sessionId: "ses_abc",
  userId: "usr_def",
  joinedAt: "2027-01-12T08:00:00.000Z",
  leftAt: "2027-01-12T09:30:00.000Z",
  connectionDurationSeconds: 5400,
  mediaParticipantSid: "PA_123",
};

describe("AUTO attendance HMAC", () => {
  it("builds the exact pipe-separated payload", () => {
    expect(autoSignaturePayload(fields)).toBe("ses_abc|usr_def|2027-01-12T08:00:00.000Z|2027-01-12T09:30:00.000Z|5400|PA_123");
    expect(autoSignaturePayload({ ...fields, connectionDurationSeconds: "5400" })).toBe(autoSignaturePayload(fields));
  });

  it("refuses a field containing the separator with 400", () => {
    try {
      autoSignaturePayload({ ...fields, userId: "usr|x" });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).code).toBe("BAD_REQUEST");
      expect((e as DomainError).fields).toEqual({ userId: ["Must not contain '|'"] });
    }
  });

  it("matches a known-answer vector computed independently", () => {
    const payload = "ses_abc|usr_def|2027-01-12T08:00:00.000Z|2027-01-12T09:30:00.000Z|5400|PA_123";
    const expected = `sha256=${createHmac("sha256", Buffer.from(SECRET, "utf8")).update(Buffer.from(payload, "utf8")).digest("hex")}`;
    expect(signAuto(payload, SECRET)).toBe(expected);
    expect(signAuto(payload, SECRET)).toMatch(/^sha256=[0-9a-f]{64}$/);
    // RFC 4231 test case 2, through our function.
    expect(signAuto("what do ya want for nothing?", "Jefe")).toBe(
      "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });

  it("verifies good signatures and rejects everything else without throwing", () => {
    const payload = autoSignaturePayload(fields);
    const sig = signAuto(payload, SECRET);
    expect(verifyAuto(payload, sig, SECRET)).toBe(true);
    expect(verifyAuto(payload, `sha256=${sig.slice(7).toUpperCase()}`, SECRET)).toBe(true);
    expect(verifyAuto(payload, sig, "another-secret-123456")).toBe(false);
    expect(verifyAuto(`${payload}x`, sig, SECRET)).toBe(false);
    const flipped = sig.slice(0, -1) + (sig.endsWith("0") ? "1" : "0");
    expect(verifyAuto(payload, flipped, SECRET)).toBe(false);
    for (const bad of [undefined, null, 42, {}, "", "sha256=", sig.slice(7), `sha1=${sig.slice(7)}`, `${sig}00`, sig.slice(0, -2), `sha256=${"z".repeat(64)}`, `sha256=${"ab".repeat(31)}a `]) {
      expect(verifyAuto(payload, bad, SECRET)).toBe(false);
    }
  });
});
