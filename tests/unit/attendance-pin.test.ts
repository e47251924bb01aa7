import { describe, expect, it } from "vitest";
import { generatePin, isPinFormat, pinMatches } from "../../server/services/attendance/lib/pin";

describe("session PIN", () => {
  it("generates 6-digit strings, leading zeros kept, well spread", () => {
    const pins = Array.from({ length: 5000 }, () => generatePin());
    for (const p of pins) expect(p).toMatch(/^[0-9]{6}$/);
    expect(new Set(pins).size).toBeGreaterThan(4900);
    // ~10% of uniform PINs start with 0: leading zeros must survive.
    const leadingZero = pins.filter((p) => p.startsWith("0")).length;
    expect(leadingZero).toBeGreaterThan(300);
    expect(leadingZero).toBeLessThan(700);
  });

  it("compares in constant time and rejects malformed input", () => {
    expect(pinMatches("012345", "012345")).toBe(true);
    expect(pinMatches("012346", "012345")).toBe(false);
    for (const bad of ["12345", "0123456", "12345a", " 12345", 12345, null, undefined, "１２３４５６"]) {
      expect(pinMatches(bad, "012345")).toBe(false);
    }
    expect(pinMatches("012345", "bad")).toBe(false);
    expect(isPinFormat("000000")).toBe(true);
    expect(isPinFormat("00000")).toBe(false);
  });
});
