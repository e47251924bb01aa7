import { describe, expect, it } from "vitest";
import { CryptoBoxError, decryptBytes, deriveKey, encryptBytes } from "../../server/lib/crypto-box";

const secret = "test-encryption-key-0123456789abcdef";
const plain = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 255]);

function flipByte(box: string, index: number): string {
  const raw = Buffer.from(box.slice(3), "base64url");
  raw[index] = raw[index]! ^ 0x01;
  return `v1:${raw.toString("base64url")}`;
}

describe("crypto-box (AES-256-GCM)", () => {
  it("round-trips and uses a fresh IV each time", () => {
    const a = encryptBytes(plain, { secret });
    const b = encryptBytes(plain, { secret });
    expect(a).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(Buffer.from(a.slice(3), "base64url").length).toBe(12 + 16 + plain.length);
    expect(decryptBytes(a, { secret }).equals(plain)).toBe(true);
    expect(decryptBytes(encryptBytes(Buffer.alloc(0), { secret }), { secret }).length).toBe(0);
  });

  it("uses ENCRYPTION_KEY from the environment by default", () => {
    const box = encryptBytes(plain);
    expect(decryptBytes(box).equals(plain)).toBe(true);
    expect(() => decryptBytes(box, { secret })).toThrow(CryptoBoxError);
  });

  it("derives a 32-byte key, different per secret", () => {
    expect(deriveKey(secret).length).toBe(32);
    expect(deriveKey(secret).equals(deriveKey(`${secret}x`))).toBe(false);
    expect(() => deriveKey("")).toThrow(CryptoBoxError);
  });

  it("detects tampering of IV, tag and ciphertext, and a wrong key", () => {
    const box = encryptBytes(plain, { secret });
    for (const i of [0, 11, 12, 27, 28, 28 + plain.length - 1]) {
      expect(() => decryptBytes(flipByte(box, i), { secret })).toThrow(CryptoBoxError);
    }
    expect(() => decryptBytes(box, { secret: "another-key-0123456789abcdef0123" })).toThrow(/Decryption failed/);
    const truncated = `v1:${Buffer.from(box.slice(3), "base64url").subarray(0, -1).toString("base64url")}`;
    expect(() => decryptBytes(truncated, { secret })).toThrow(CryptoBoxError);
  });

  it("binds associated data", () => {
    const box = encryptBytes(plain, { secret, aad: "ten_a/emg_1" });
    expect(decryptBytes(box, { secret, aad: "ten_a/emg_1" }).equals(plain)).toBe(true);
    expect(() => decryptBytes(box, { secret, aad: "ten_b/emg_1" })).toThrow(CryptoBoxError);
    expect(() => decryptBytes(box, { secret })).toThrow(CryptoBoxError);
  });

  it("refuses malformed boxes", () => {
    for (const bad of ["", "v2:AAAA", "v1:", "v1:AAAA", "v1:!!!!", "plain"]) {
      expect(() => decryptBytes(bad, { secret })).toThrow(CryptoBoxError);
    }
  });
});
