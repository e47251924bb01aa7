import { decryptBytes, encryptBytes } from "../../lib/crypto-box";

/**
 * The secrets of one mail configuration, stored as one AES-256-GCM box (ENCRYPTION_KEY, see
 * lib/crypto-box.ts) whose additional data binds it to its tenant and row: a blob copied
 * to another configuration or tenant no longer decrypts. Never returned by any operation.
 */
export type MailSecrets = {
  smtpPassword?: string;
  apiKey?: string;
  accessToken?: string;
  refreshToken?: string;
  /** Access token expiry, epoch milliseconds. */
  expiresAt?: number;
};

const aad = (tenantId: string, configId: string) => `mail-configuration:${tenantId}:${configId}`;

export function sealSecrets(tenantId: string, configId: string, secrets: MailSecrets): string | null {
  const clean = Object.fromEntries(Object.entries(secrets).filter(([, v]) => v !== undefined && v !== ""));
  if (Object.keys(clean).length === 0) return null;
  return encryptBytes(Buffer.from(JSON.stringify(clean), "utf8"), { aad: aad(tenantId, configId), purpose: "mail-credentials" });
}

export function openSecrets(tenantId: string, configId: string, box: string | null): MailSecrets {
  if (!box) return {};
  return JSON.parse(decryptBytes(box, { aad: aad(tenantId, configId), purpose: "mail-credentials" }).toString("utf8")) as MailSecrets;
}
