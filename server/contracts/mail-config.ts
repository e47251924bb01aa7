import { ZTechnicalCause } from "./technical-causes";
import { z } from "zod";
import { MAX } from "./bounds";
import { envelope, ZId, ZTimestamp } from "./common";

/** Mail configuration (spec: Mail configuration table; conventions §12 body). */
export const MAIL_PROVIDERS = ["SMTP", "RESEND", "GOOGLE", "MICROSOFT"] as const;
const ZMailProvider = z.enum(MAIL_PROVIDERS).describe("SMTP, RESEND, GOOGLE (Gmail API) or MICROSOFT (Graph sendMail)");
export type TMailProvider = z.infer<typeof ZMailProvider>;

const ZFromEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(MAX.email)
  .pipe(z.email({ message: "Invalid e-mail address" }))
  .describe("Sender address (GOOGLE/MICROSOFT: filled from the connected account when absent)");
const ZFromName = z.string().trim().max(120).describe("Sender display name");

const ZSmtpSettings = z.strictObject({
  host: z.string().trim().min(1, "Required").max(255).describe("SMTP server host name"),
  port: z.number().int().min(1).max(65535).describe("SMTP port (465 implicit TLS, 587 STARTTLS, 25)"),
  secure: z.boolean().default(false).describe("true: implicit TLS (port 465); false: STARTTLS when offered"),
  user: z.string().max(255).optional().describe("SMTP AUTH user name"),
  password: z.string().max(1000).optional().describe("SMTP AUTH password; write-only, stored encrypted"),
});

export const ZUpsertMailConfigInput = z.strictObject({
  provider: ZMailProvider,
  fromName: ZFromName.default(""),
  fromEmail: ZFromEmail.optional(),
  smtp: ZSmtpSettings.optional().describe("Required for SMTP"),
  apiKey: z.string().min(1).max(500).optional().describe("Resend API key (RESEND); write-only, stored encrypted"),
});
export type TUpsertMailConfigInput = z.infer<typeof ZUpsertMailConfigInput>;

export const ZUpdateMailConfigInput = z.strictObject({
  id: ZId("mcf"),
  provider: ZMailProvider.optional(),
  fromName: ZFromName.optional(),
  fromEmail: ZFromEmail.optional(),
  smtp: ZSmtpSettings.partial().optional().describe("Fields given replace the stored ones; a password given replaces the stored one"),
  apiKey: z.string().min(1).max(500).optional(),
});
export type TUpdateMailConfigInput = z.infer<typeof ZUpdateMailConfigInput>;

export const ZMailConfigIdInput = z.strictObject({ id: ZId("mcf") });

const ZMailConfig = z.object({
  id: z.string(),
  scope: z.enum(["TENANT", "USER"]).describe("TENANT: the tenant-level configuration (ADMIN); USER: a CREATOR's own"),
  ownerUserId: z.string().nullable(),
  provider: ZMailProvider,
  fromName: z.string(),
  fromEmail: z.string().nullable(),
  smtp: z.object({ host: z.string(), port: z.number().int(), secure: z.boolean(), user: z.string().nullable() }).nullable().describe("SMTP settings without the password"),
  hasCredentials: z.boolean().describe("A password, API key or OAuth token is stored (never returned)"),
  oauthConnected: z.boolean().describe("GOOGLE/MICROSOFT: a refresh token is stored"),
  verified: z.boolean().describe("A test send through this configuration succeeded since its last change"),
  verifiedAt: ZTimestamp.nullable(),
  lastError: z.string().nullable().describe("The provider's error of the last failed test send"),
  lastErrorCause: ZTechnicalCause.nullable().describe("Why the last test send failed (SMTP_UNREACHABLE, SMTP_AUTH_FAILED, …); null when it did not"),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TMailConfig = z.infer<typeof ZMailConfig>;

export const ZMailConfigOutput = envelope(ZMailConfig);
export const ZMailConfigOrNullOutput = envelope(ZMailConfig.nullable());

export const ZTestMailInput = z.strictObject({
  id: ZId("mcf").optional().describe("The configuration to test; default: the caller's (CREATOR: their own; ADMIN: the tenant-level one)"),
});
export const ZTestMailOutput = envelope(z.object({ messageId: z.string().nullable(), transport: z.string(), verified: z.boolean() }));

export const ZOAuthProvider = z.enum(["google", "microsoft"]);
export type TOAuthProvider = z.infer<typeof ZOAuthProvider>;
export const ZAuthorizeInput = z.strictObject({
  fromName: ZFromName.optional().describe("Sender display name stored with the connected account"),
});
export const ZAuthorizeOutput = envelope(z.object({ authorizeUrl: z.string().describe("Redirect the browser there; valid 10 minutes") }));
export const ZOAuthCallbackInput = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(8000).optional(),
  error: z.string().max(200).optional(),
});
