import { describe, expect, it } from "vitest";
import { certificateSerial } from "../../server/services/billing/signer/local";

/**
 * A certificate's serial number in DER: positive and minimally encoded. A random serial whose first
 * octet was masked to 0x00 and followed by 0x00–0x7f was "illegal padding" to OpenSSL (the fake
 * payment gateway's TLS certificate failed once in a full run); the local invoice signer's own
 * certificates used the same code.
 */
describe("certificate serial numbers", () => {
  it("2,000 serials: 16 content octets, no sign bit, no leading zero octet, all distinct", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const der = new Uint8Array(certificateSerial().toBER(false));
      expect(der[0]).toBe(0x02); // INTEGER
      expect(der[1]).toBe(16);
      const first = der[2]!;
      expect(first & 0x80).toBe(0);
      expect(first).not.toBe(0);
      seen.add(Buffer.from(der).toString("hex"));
    }
    expect(seen.size).toBe(2000);
  });
});
