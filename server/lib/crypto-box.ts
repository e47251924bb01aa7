import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "../env";

/**
 * Authenticated encryption of secrets and files at rest (AES-256-GCM, ENCRYPTION_KEY): attendance
 * signature images (conventions §7), webhook signing secrets, ...
 *
 * Key: HKDF-SHA256(ikm = UTF-8 ENCRYPTION_KEY, salt = KEY_SALT, info = the purpose's info, 32 bytes),
 * so the configured string (any length >= 32, see server/env.ts) yields a uniform 256-bit key per
 * purpose (`BoxOptions.purpose`, default the attendance signatures' original info), each separate
 * from any other use of the same secret.
 * Box: "v1:" + base64url( iv (12 random bytes) | tag (16 bytes) | ciphertext ), no padding.
 * Optional `aad` (e.g. the tenant id and record id) is authenticated but not stored: the same
 * value must be given to decrypt, which binds a blob to its owner (a blob copied to another
 * record or tenant no longer decrypts).
 */
const BOX_VERSION = "v1";
const KEY_SALT = "training-platform/crypto-box";
/** HKDF `info` per purpose; attendance's is the original KEY_INFO, so existing boxes still open. */
const BOX_PURPOSES = {
  "attendance-signature": "attendance-signature/aes-256-gcm/v1",
  "webhook-secret": "webhook-secret/aes-256-gcm/v1",
  "mail-credentials": "mail-credentials/aes-256-gcm/v1",
  "mail-oauth-state": "mail-oauth-state/aes-256-gcm/v1",
} as const;
export type BoxPurpose = keyof typeof BOX_PURPOSES;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class CryptoBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CryptoBoxError";
  }
}

const keyCache = new Map<string, Buffer>();

export function deriveKey(secret: string, purpose: BoxPurpose = "attendance-signature"): Buffer {
  if (typeof secret !== "string" || secret.length === 0) throw new CryptoBoxError("Encryption key is empty");
  const cacheKey = `${purpose}\u0000${secret}`;
  let key = keyCache.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", Buffer.from(secret, "utf8"), KEY_SALT, BOX_PURPOSES[purpose], 32));
    keyCache.set(cacheKey, key);
  }
  return key;
}

export type BoxOptions = { secret?: string; aad?: string; purpose?: BoxPurpose };

export function encryptBytes(plain: Uint8Array, opts: BoxOptions = {}): string {
  const key = deriveKey(opts.secret ?? env().ENCRYPTION_KEY, opts.purpose);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  if (opts.aad !== undefined) cipher.setAAD(Buffer.from(opts.aad, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${BOX_VERSION}:${Buffer.concat([iv, tag, ciphertext]).toString("base64url")}`;
}

/** Throws CryptoBoxError when the box is malformed, of another version, or fails authentication. */
export function decryptBytes(box: string, opts: BoxOptions = {}): Buffer {
  if (typeof box !== "string" || !box.startsWith(`${BOX_VERSION}:`)) throw new CryptoBoxError("Unsupported box format");
  const body = box.slice(BOX_VERSION.length + 1);
  if (!/^[A-Za-z0-9_-]*$/.test(body)) throw new CryptoBoxError("Malformed box");
  const raw = Buffer.from(body, "base64url");
  if (raw.length < IV_BYTES + TAG_BYTES) throw new CryptoBoxError("Malformed box");
  const key = deriveKey(opts.secret ?? env().ENCRYPTION_KEY, opts.purpose);
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const ciphertext = raw.subarray(IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  decipher.setAuthTag(tag);
  if (opts.aad !== undefined) decipher.setAAD(Buffer.from(opts.aad, "utf8"));
  try {
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    throw new CryptoBoxError("Decryption failed: data or key do not match");
  }
}
