import { clock } from "../../lib/clock";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { mailConfigurations, type MailConfigurationRow } from "../../db/schema";
import { forTenant } from "../../db/tenant-scope";
import { log } from "../../lib/log";
import type { MailTransport } from "./transport";
import { openSecrets, sealSecrets, type MailSecrets } from "./credentials";
import { oauthApp, refreshTokens } from "./oauth-providers";
import { gmailTransport } from "./transports/gmail";
import { graphTransport } from "./transports/graph";
import { resendTransport } from "./transports/resend";
import { smtpTransport } from "./transports/smtp";

const KIND = { SMTP: "smtp", RESEND: "resend", GOOGLE: "gmail", MICROSOFT: "graph" } as const;
/** A token expiring within this margin is refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;

/** `Name <address>` (nodemailer/Resend quote the name as needed). */
function fromHeader(row: Pick<MailConfigurationRow, "fromName" | "fromEmail">): string | undefined {
  if (!row.fromEmail) return undefined;
  const name = row.fromName.replace(/["\\\r\n]/g, "").trim();
  return name ? `"${name}" <${row.fromEmail}>` : row.fromEmail;
}

/**
 * Can this configuration send? SMTP: a host and port (AUTH optional); RESEND: an API key;
 * GOOGLE/MICROSOFT: an OAuth token (connected). The chain skips a configuration that cannot.
 */
export function isUsable(row: MailConfigurationRow, secrets: MailSecrets = openSecrets(row.tenantId, row.id, row.credentials)): boolean {
  switch (row.provider) {
    case "SMTP":
      return Boolean(row.smtpHost && row.smtpPort && row.fromEmail);
    case "RESEND":
      return Boolean(secrets.apiKey && row.fromEmail);
    default:
      return Boolean(secrets.accessToken || secrets.refreshToken);
  }
}

/**
 * The access token of an OAuth configuration: refreshed with the refresh token (and the new tokens
 * stored encrypted) when it has expired or is about to.
 */
async function accessTokenOf(db: DbOrTx, row: MailConfigurationRow): Promise<string> {
  const scope = forTenant(row.tenantId);
  const secrets = openSecrets(row.tenantId, row.id, row.credentials);
  const fresh = secrets.accessToken && (secrets.expiresAt === undefined || secrets.expiresAt - REFRESH_MARGIN_MS > Date.now());
  if (fresh) return secrets.accessToken!;
  if (!secrets.refreshToken) throw new Error("The OAuth access token expired and no refresh token is stored: connect the account again");
  const app = oauthApp(row.provider === "GOOGLE" ? "google" : "microsoft");
  if (!app) throw new Error(`The platform has no OAuth client for ${row.provider}: cannot refresh the access token`);
  const tokens = await refreshTokens(app, secrets.refreshToken);
  const next: MailSecrets = { ...secrets, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt };
  await db
    .update(mailConfigurations)
    .set({ credentials: sealSecrets(row.tenantId, row.id, next), updatedAt: clock.now() })
    .where(scope.where(mailConfigurations, and(eq(mailConfigurations.id, row.id))));
  log.info("mail.oauth.refreshed", { configurationId: row.id, provider: row.provider });
  return tokens.accessToken;
}

/** The transport of one configuration; `link` prefixes its name ("creator:gmail", "tenant:smtp"). */
export function configurationTransport(db: DbOrTx, row: MailConfigurationRow, link: "creator" | "tenant"): MailTransport {
  const name = `${link}:${KIND[row.provider]}`;
  const from = fromHeader(row);
  const secrets = openSecrets(row.tenantId, row.id, row.credentials);
  switch (row.provider) {
    case "SMTP":
      return smtpTransport({ name, host: row.smtpHost!, port: row.smtpPort!, secure: row.smtpSecure ?? false, user: row.smtpUser, password: secrets.smtpPassword, from });
    case "RESEND":
      return resendTransport({ name, apiKey: secrets.apiKey ?? "", from });
    case "GOOGLE":
      return gmailTransport({ name, from, accessToken: () => accessTokenOf(db, row) });
    case "MICROSOFT":
      return graphTransport({ name, accessToken: () => accessTokenOf(db, row) });
  }
}
