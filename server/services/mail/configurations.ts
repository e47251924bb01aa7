import { clock } from "../../lib/clock";
import { mailFailureCause } from "../../lib/technical-causes";
import { eq, isNull } from "drizzle-orm";
import * as oauth from "oauth4webapi";
import type { Caller, RequestActor } from "../../auth/caller";
import { can } from "../../auth/permissions";
import type { TMailConfig, TOAuthProvider, TUpdateMailConfigInput, TUpsertMailConfigInput } from "../../contracts/mail-config";
import type { Db, DbOrTx } from "../../db/client";
import { mailConfigurations, mailOutbox, memberships, tenants, users, type MailConfigurationRow } from "../../db/schema";
import { forTenant } from "../../db/tenant-scope";
import { DomainError, notFound, type FieldErrors } from "../../errors";
import { newId } from "../../lib/ids";
import { log } from "../../lib/log";
import { tenantUrl } from "../../lib/urls";
import { writeAudit } from "../platform/audit";
import { configurationTransport, isUsable } from "./config-transport";
import { openSecrets, sealSecrets, type MailSecrets } from "./credentials";
import { exchangeCode, oauthApp } from "./oauth-providers";
import { signOAuthState, verifyOAuthState } from "./oauth-state";
import { graphMe } from "./transports/graph";

/** The configuration the caller manages: ADMIN (mail.configureTenant) the tenant-level one, anyone else their own. */
const ownerOf = (caller: Caller): string | null => (caller.can("mail.configureTenant") ? null : caller.userId);
const ownerCondition = (owner: string | null) => (owner === null ? isNull(mailConfigurations.ownerUserId) : eq(mailConfigurations.ownerUserId, owner));

const MAIL_SETTINGS_PATH = "/settings/mail";

function serializeMailConfig(row: MailConfigurationRow): TMailConfig {
  let secrets: MailSecrets = {};
  try {
    secrets = openSecrets(row.tenantId, row.id, row.credentials);
  } catch {
    /* unreadable box (key changed): shown as credentials present, not connected */
  }
  return {
    id: row.id,
    scope: row.ownerUserId === null ? "TENANT" : "USER",
    ownerUserId: row.ownerUserId,
    provider: row.provider,
    fromName: row.fromName,
    fromEmail: row.fromEmail,
    smtp: row.provider === "SMTP" && row.smtpHost ? { host: row.smtpHost, port: row.smtpPort ?? 587, secure: row.smtpSecure ?? false, user: row.smtpUser } : null,
    hasCredentials: row.credentials !== null,
    oauthConnected: (row.provider === "GOOGLE" || row.provider === "MICROSOFT") && Boolean(secrets.refreshToken || secrets.accessToken),
    verified: row.verified,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    lastError: row.lastError,
    lastErrorCause: row.lastError ? mailFailureCause(row.lastError) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function ownRow(db: DbOrTx, caller: Caller): Promise<MailConfigurationRow | undefined> {
  const [row] = await db.select().from(mailConfigurations).where(caller.scope.where(mailConfigurations, ownerCondition(ownerOf(caller)))).limit(1);
  return row;
}

/** A configuration by id, only when it is the one the caller manages (else 404, as another tenant's). */
async function ownRowById(db: DbOrTx, caller: Caller, id: string): Promise<MailConfigurationRow> {
  const [row] = await db
    .select()
    .from(mailConfigurations)
    .where(caller.scope.where(mailConfigurations, eq(mailConfigurations.id, id), ownerCondition(ownerOf(caller))))
    .limit(1);
  if (!row) throw notFound("Mail configuration");
  return row;
}

export async function getMailConfiguration(db: Db, caller: Caller): Promise<TMailConfig | null> {
  const row = await ownRow(db, caller);
  return row ? serializeMailConfig(row) : null;
}

type Fields = {
  provider: MailConfigurationRow["provider"];
  fromName: string;
  fromEmail: string | null;
  smtpHost: string | null;
  smtpPort: number | null;
  smtpSecure: boolean | null;
  smtpUser: string | null;
};

/**
 * The stored fields and secrets after a change. A provider change drops the previous provider's
 * secrets and SMTP settings; secrets not given are kept. Field errors: 400 VALIDATION_FAILED.
 */
function merge(
  current: MailConfigurationRow | undefined,
  input: Partial<Omit<TUpsertMailConfigInput, "smtp">> & { smtp?: Partial<NonNullable<TUpsertMailConfigInput["smtp"]>> },
): { fields: Fields; secrets: MailSecrets } {
  const provider = input.provider ?? current!.provider;
  const sameProvider = current?.provider === provider;
  let secrets: MailSecrets = {};
  if (current && sameProvider) secrets = openSecrets(current.tenantId, current.id, current.credentials);
  const errors: FieldErrors = {};
  const fields: Fields = {
    provider,
    fromName: input.fromName ?? current?.fromName ?? "",
    fromEmail: input.fromEmail ?? current?.fromEmail ?? null,
    smtpHost: null,
    smtpPort: null,
    smtpSecure: null,
    smtpUser: null,
  };
  if (provider === "SMTP") {
    const keep = sameProvider ? current : undefined;
    fields.smtpHost = input.smtp?.host ?? keep?.smtpHost ?? null;
    fields.smtpPort = input.smtp?.port ?? keep?.smtpPort ?? null;
    fields.smtpSecure = input.smtp?.secure ?? keep?.smtpSecure ?? false;
    fields.smtpUser = input.smtp?.user !== undefined ? input.smtp.user || null : (keep?.smtpUser ?? null);
    if (input.smtp?.password !== undefined) secrets = { smtpPassword: input.smtp.password };
    if (!fields.smtpHost) errors["smtp.host"] = ["Required for SMTP"];
    if (!fields.smtpPort) errors["smtp.port"] = ["Required for SMTP"];
  } else if (input.smtp) errors.smtp = ["Only for the SMTP provider"];
  if (provider === "RESEND") {
    if (input.apiKey) secrets = { apiKey: input.apiKey };
    if (!secrets.apiKey) errors.apiKey = ["Required for RESEND"];
  } else if (input.apiKey) errors.apiKey = ["Only for the RESEND provider"];
  if ((provider === "SMTP" || provider === "RESEND") && !fields.fromEmail) errors.fromEmail = ["Required"];
  if (Object.keys(errors).length) throw new DomainError("VALIDATION", "Validation failed", { fields: errors });
  return { fields, secrets };
}

/** Does the change touch how mail is sent (anything but the display name)? Then `verified` is reset. */
function changesSending(current: MailConfigurationRow, fields: Fields, secretsGiven: boolean): boolean {
  return (
    secretsGiven ||
    current.provider !== fields.provider ||
    current.fromEmail !== fields.fromEmail ||
    current.smtpHost !== fields.smtpHost ||
    current.smtpPort !== fields.smtpPort ||
    current.smtpSecure !== fields.smtpSecure ||
    current.smtpUser !== fields.smtpUser
  );
}

const secretsGiven = (input: { apiKey?: string; smtp?: { password?: string } }) => input.apiKey !== undefined || input.smtp?.password !== undefined;

/** POST /configuration/mail: creates (created: true, 201) or replaces (200) the caller's configuration. */
export async function upsertMailConfiguration(db: Db, caller: Caller, input: TUpsertMailConfigInput): Promise<{ config: TMailConfig; created: boolean }> {
  return db.transaction(async (tx) => {
    const current = await ownRow(tx, caller);
    const { fields, secrets } = merge(current, input);
    const now = clock.now();
    const owner = ownerOf(caller);
    let row: MailConfigurationRow;
    if (current) {
      const reset = changesSending(current, fields, secretsGiven(input));
      [row] = (await tx
        .update(mailConfigurations)
        .set({ ...fields, credentials: sealSecrets(current.tenantId, current.id, secrets), updatedAt: now, ...(reset ? { verified: false, verifiedAt: null, lastError: null } : {}) })
        .where(caller.scope.where(mailConfigurations, eq(mailConfigurations.id, current.id)))
        .returning()) as [MailConfigurationRow];
    } else {
      const id = newId("mcf");
      [row] = (await tx
        .insert(mailConfigurations)
        .values(caller.scope.values(mailConfigurations, { id, ownerUserId: owner, ...fields, credentials: sealSecrets(caller.tenant.id, id, secrets), createdBy: caller.userId }))
        .returning()) as [MailConfigurationRow];
    }
    await writeAudit(tx, caller, {
      action: current ? "mail_configuration.updated" : "mail_configuration.created",
      targetType: "mail_configuration",
      targetId: row.id,
      metadata: { provider: row.provider, scope: owner === null ? "TENANT" : "USER", secretsChanged: secretsGiven(input) },
    });
    return { config: serializeMailConfig(row), created: !current };
  });
}

/** PATCH /configuration/mail/{id}: partial change of the caller's own configuration. */
export async function updateMailConfiguration(db: Db, caller: Caller, input: TUpdateMailConfigInput): Promise<TMailConfig> {
  return db.transaction(async (tx) => {
    const current = await ownRowById(tx, caller, input.id);
    const { id: _id, ...change } = input;
    const { fields, secrets } = merge(current, change);
    const reset = changesSending(current, fields, secretsGiven(change));
    const [row] = (await tx
      .update(mailConfigurations)
      .set({ ...fields, credentials: sealSecrets(current.tenantId, current.id, secrets), updatedAt: clock.now(), ...(reset ? { verified: false, verifiedAt: null, lastError: null } : {}) })
      .where(caller.scope.where(mailConfigurations, eq(mailConfigurations.id, current.id)))
      .returning()) as [MailConfigurationRow];
    await writeAudit(tx, caller, {
      action: "mail_configuration.updated",
      targetType: "mail_configuration",
      targetId: row.id,
      metadata: { provider: row.provider, scope: row.ownerUserId === null ? "TENANT" : "USER", secretsChanged: secretsGiven(change) },
    });
    return serializeMailConfig(row);
  });
}

/** DELETE /configuration/mail/{id}: mail then falls back to the next link of the chain. */
export async function deleteMailConfiguration(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await ownRowById(tx, caller, id);
    await tx.delete(mailConfigurations).where(caller.scope.where(mailConfigurations, eq(mailConfigurations.id, row.id)));
    await writeAudit(tx, caller, { action: "mail_configuration.deleted", targetType: "mail_configuration", targetId: row.id, metadata: { provider: row.provider } });
  });
}

const TEST_TEXT = {
  fr: (name: string) => ({
    subject: "Test de votre configuration e-mail",
    text: `Bonjour,\n\nCe message confirme que la configuration e-mail « ${name} » de la plateforme de formation fonctionne.\n\nAucune action n'est nécessaire.`,
  }),
  en: (name: string) => ({
    subject: "Your mail configuration test",
    text: `Hello,\n\nThis message confirms that the "${name}" mail configuration of the training platform works.\n\nNo action is needed.`,
  }),
};

/**
 * POST /configuration/mail/test: one message through THAT configuration (not the chain) to the
 * caller's own address. Success marks it verified; a failure records the provider's error in
 * lastError, clears verified and answers 422 MAIL_TEST_FAILED with that error.
 */
export async function testMailConfiguration(db: Db, caller: Caller, id: string | undefined): Promise<{ messageId: string | null; transport: string; verified: boolean }> {
  const row = id ? await ownRowById(db, caller, id) : await ownRow(db, caller);
  if (!row) throw notFound("Mail configuration");
  const [me] = await db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, caller.userId)).limit(1);
  const label = row.provider === "SMTP" ? `SMTP ${row.smtpHost ?? ""}`.trim() : row.provider;
  const { subject, text } = (me?.locale?.startsWith("en") ? TEST_TEXT.en : TEST_TEXT.fr)(label);
  const scope = forTenant(row.tenantId);
  const record = (set: Partial<MailConfigurationRow>) =>
    db.update(mailConfigurations).set(set).where(scope.where(mailConfigurations, eq(mailConfigurations.id, row.id)));
  let transportName = `${row.ownerUserId === null ? "tenant" : "creator"}:${row.provider.toLowerCase()}`;
  try {
    if (!isUsable(row)) throw new Error(row.provider === "GOOGLE" || row.provider === "MICROSOFT" ? "The account is not connected yet" : "The configuration is incomplete");
    const transport = configurationTransport(db, row, row.ownerUserId === null ? "tenant" : "creator");
    transportName = transport.name;
    const { messageId } = await transport.send({ to: me!.email, subject, text });
    await record({ verified: true, verifiedAt: clock.now(), lastError: null });
    await db.insert(mailOutbox).values({
      id: newId("mail"),
      tenantId: row.tenantId,
      senderUserId: caller.userId,
      to: me!.email,
      subject,
      text,
      template: "mail-test",
      status: "SENT",
      attempts: 1,
      sentAt: clock.now(),
      transport: transport.name,
      providerMessageId: messageId,
    });
    await writeAudit(db, caller, { action: "mail_configuration.tested", targetType: "mail_configuration", targetId: row.id, metadata: { ok: true } });
    return { messageId, transport: transport.name, verified: true };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    log.warn("mail.test.failed", { configurationId: row.id, transport: transportName, error: message });
    await record({ verified: false, verifiedAt: null, lastError: message });
    await writeAudit(db, caller, { action: "mail_configuration.tested", targetType: "mail_configuration", targetId: row.id, metadata: { ok: false } });
    throw new DomainError("UNPROCESSABLE", `Test send failed: ${message}`, { reason: "MAIL_TEST_FAILED", params: { error: message, cause: mailFailureCause(message) } });
  }
}

/** POST /configuration/mail/{provider}/authorize: the provider's consent URL with PKCE S256 and a signed state. */
export async function authorizeMailOAuth(caller: Caller, provider: TOAuthProvider, input: { fromName?: string }): Promise<{ authorizeUrl: string }> {
  const app = oauthApp(provider);
  if (!app) {
    const name = provider === "google" ? "Google" : "Microsoft";
    throw new DomainError("UNPROCESSABLE", `${name} sign-in is not configured on this platform (${provider.toUpperCase()}_CLIENT_ID)`, {
      reason: "MAIL_OAUTH_NOT_CONFIGURED",
      params: { provider: name },
    });
  }
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = await signOAuthState({ provider, tenantId: caller.tenant.id, tenantSlug: caller.tenant.slug, userId: caller.userId, ownerUserId: ownerOf(caller), fromName: input.fromName, codeVerifier });
  const url = new URL(app.as.authorization_endpoint!);
  url.searchParams.set("client_id", app.client.client_id);
  url.searchParams.set("redirect_uri", app.redirectUri);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", app.scope);
  url.searchParams.set("state", state);
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set("code_challenge_method", "S256");
  for (const [k, v] of Object.entries(app.extraParams)) url.searchParams.set(k, v);
  return { authorizeUrl: url.toString() };
}

export type CallbackOutcome = { location: string; ok: boolean; reason?: string };

const settingsUrl = (slug: string | null, params: Record<string, string>) => tenantUrl(slug, `${MAIL_SETTINGS_PATH}?${new URLSearchParams(params).toString()}`);

/**
 * GET /configuration/mail/{provider}/callback (public): checks the signed state (and that its user
 * may still manage that configuration), exchanges the code with the PKCE verifier, stores the tokens
 * encrypted in the owner's configuration (provider GOOGLE or MICROSOFT, fromEmail from the ID token
 * or Graph /me) and redirects to the settings page with ?mail=connected, else ?mail=error&reason=.
 */
export async function completeMailOAuth(
  db: Db,
  provider: TOAuthProvider,
  query: { code?: string; state?: string; error?: string },
  request: Pick<RequestActor, "ip" | "userAgent" | "requestId">,
): Promise<CallbackOutcome> {
  const state = await verifyOAuthState(query.state);
  if (!state || state.provider !== provider) return { ok: false, reason: "invalid_state", location: settingsUrl(null, { mail: "error", reason: "invalid_state" }) };
  const fail = (reason: string) => ({ ok: false, reason, location: settingsUrl(state.tenantSlug, { mail: "error", reason }) });
  if (query.error) return fail(query.error === "access_denied" ? "access_denied" : "provider_error");
  const app = oauthApp(provider);
  if (!app) return fail("not_configured");
  const [member] = await db
    .select({ role: memberships.role, status: memberships.status, tenantStatus: tenants.status })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(forTenant(state.tenantId).where(memberships, eq(memberships.userId, state.userId)))
    .limit(1);
  const allowed =
    member?.status === "ACTIVE" &&
    member.tenantStatus === "ACTIVE" &&
    can(member.role, "mail.configure") &&
    (state.ownerUserId === null ? can(member.role, "mail.configureTenant") : state.ownerUserId === state.userId && !can(member.role, "mail.configureTenant"));
  if (!allowed) return fail("forbidden");
  let tokens;
  let email: string | undefined;
  try {
    const params = oauth.validateAuthResponse(app.as, app.client, new URLSearchParams({ ...(query.code ? { code: query.code } : {}), state: query.state! }), query.state!);
    tokens = await exchangeCode(app, params, state.codeVerifier);
    email = tokens.email ?? (provider === "microsoft" ? await graphMe(tokens.accessToken) : undefined);
  } catch (error) {
    log.warn("mail.oauth.exchange_failed", { provider, tenantId: state.tenantId, error: String(error) });
    return fail("token_exchange_failed");
  }
  const scope = forTenant(state.tenantId);
  const providerName = provider === "google" ? "GOOGLE" : "MICROSOFT";
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(mailConfigurations).where(scope.where(mailConfigurations, ownerCondition(state.ownerUserId))).limit(1);
    const id = current?.id ?? newId("mcf");
    const secrets: MailSecrets = { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt };
    const fields = {
      provider: providerName as MailConfigurationRow["provider"],
      fromName: state.fromName ?? current?.fromName ?? "",
      fromEmail: email?.toLowerCase() ?? current?.fromEmail ?? null,
      smtpHost: null,
      smtpPort: null,
      smtpSecure: null,
      smtpUser: null,
      credentials: sealSecrets(state.tenantId, id, secrets),
      verified: false,
      verifiedAt: null,
      lastError: null,
      updatedAt: clock.now(),
    };
    if (current) await tx.update(mailConfigurations).set(fields).where(scope.where(mailConfigurations, eq(mailConfigurations.id, id)));
    else await tx.insert(mailConfigurations).values(scope.values(mailConfigurations, { id, ownerUserId: state.ownerUserId, createdBy: state.userId, ...fields }));
    await writeAudit(tx, { ...request, userId: state.userId, scope }, {
      action: "mail_configuration.connected",
      targetType: "mail_configuration",
      targetId: id,
      metadata: { provider: providerName, scope: state.ownerUserId === null ? "TENANT" : "USER" },
    });
  });
  return { ok: true, location: settingsUrl(state.tenantSlug, { mail: "connected", provider }) };
}
