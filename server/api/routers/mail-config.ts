import { z } from "zod";
import { ZNoInput } from "../../contracts/common";
import {
  ZAuthorizeInput,
  ZAuthorizeOutput,
  ZMailConfigIdInput,
  ZMailConfigOrNullOutput,
  ZMailConfigOutput,
  ZOAuthProvider,
  ZTestMailInput,
  ZTestMailOutput,
  ZUpdateMailConfigInput,
  ZUpsertMailConfigInput,
} from "../../contracts/mail-config";
import { one } from "../../contracts/envelope";
import {
  authorizeMailOAuth,
  deleteMailConfiguration,
  getMailConfiguration,
  testMailConfiguration,
  updateMailConfiguration,
  upsertMailConfiguration,
} from "../../services/mail/configurations";
import { can, router } from "../trpc";

const tags = ["Mail configuration"];
const WHOSE =
  "ADMIN: the tenant-level configuration; CREATOR: their own (one per creator). Mail the platform sends picks its transport by the fallback chain: " +
  "the sending CREATOR's own configuration, then the tenant-level one, then Resend (RESEND_API_KEY), then SMTP (SMTP_URL), then (development only) the outbox. " +
  "A configuration is used by the chain once it can send (SMTP host and port, a Resend API key, a connected Google/Microsoft account); a test send is not required.";
const SECRETS = "Secrets (smtp.password, apiKey, OAuth tokens) are stored AES-256-GCM encrypted and never returned: the body shows hasCredentials, oauthConnected and verified.";
const forbidden = { 403: "Role other than ADMIN or CREATOR" };
const notFound = { 404: "Mail configuration not found (not the caller's own: another creator's, the tenant-level one for a CREATOR, or another tenant's)" };

export const mailConfigRouter = router({
  get: can("mail.configure")
    .meta({
      openapi: {
        method: "GET",
        path: "/configuration/mail",
        tags,
        summary: "The caller's mail configuration",
        description: `${WHOSE} Answers 200 with data: null when none is set (no 404), so a settings page loads without an error. ${SECRETS}`,
        errorResponses: { 401: "Unauthorized", ...forbidden },
      },
    })
    .input(ZNoInput)
    .output(ZMailConfigOrNullOutput)
    .query(async ({ ctx }) => one(await getMailConfiguration(ctx.db, ctx.caller))),

  upsert: can("mail.configure")
    .meta({
      openapi: {
        method: "POST",
        path: "/configuration/mail",
        tags,
        summary: "Create or replace the caller's mail configuration",
        description:
          `${WHOSE} 201 when created, 200 when replaced. SMTP needs smtp.host, smtp.port and fromEmail; RESEND needs apiKey (kept when omitted and the provider is unchanged) and fromEmail; ` +
          "GOOGLE and MICROSOFT take no secret here: connect the account with POST /configuration/mail/{provider}/authorize. Changing the provider drops the previous provider's secrets. " +
          `Any change other than fromName resets verified. ${SECRETS}`,
        errorResponses: { 400: "Invalid field (errors map) or unknown field", 401: "Unauthorized", ...forbidden },
      },
    })
    .input(ZUpsertMailConfigInput)
    .output(ZMailConfigOutput)
    .mutation(async ({ ctx, input }) => {
      const { config, created } = await upsertMailConfiguration(ctx.db, ctx.caller, input);
      ctx.response.status = created ? 201 : 200;
      return one(config);
    }),

  test: can("mail.configure")
    .meta({
      openapi: {
        method: "POST",
        path: "/configuration/mail/test",
        tags,
        summary: "Send a test message through a configuration",
        description:
          "Sends one message through THAT configuration (not the fallback chain) to the caller's own e-mail address. Body: id (default: the caller's configuration). " +
          "Success: 200 {messageId, transport, verified: true} and the configuration is marked verified. Failure (connection refused, authentication, provider error, account not connected): " +
          "422 MAIL_TEST_FAILED whose message carries the provider's error; the error is recorded in lastError and verified is cleared.",
        errorResponses: { 400: "Unknown field", 401: "Unauthorized", ...forbidden, ...notFound, 422: "The send failed (MAIL_TEST_FAILED, the provider's error in the message)" },
      },
    })
    .input(ZTestMailInput)
    .output(ZTestMailOutput)
    .mutation(async ({ ctx, input }) => one(await testMailConfiguration(ctx.db, ctx.caller, input.id))),

  authorize: can("mail.configure")
    .meta({
      openapi: {
        method: "POST",
        path: "/configuration/mail/{provider}/authorize",
        tags,
        summary: "Start connecting a Google or Microsoft account",
        description:
          "provider: google or microsoft. Answers the provider's consent URL; the client redirects the browser there. The URL carries a PKCE S256 code challenge and a signed `state` " +
          "(HS256 JWT, 10 minutes, binding the tenant, the user and the configuration owner, with the PKCE verifier encrypted inside: no server-side storage). " +
          "The provider then redirects to GET /configuration/mail/{provider}/callback, which stores the tokens in the caller's configuration (ADMIN: tenant-level; CREATOR: their own). " +
          "Without the platform's OAuth client id (GOOGLE_CLIENT_ID, MICROSOFT_CLIENT_ID): 422 MAIL_OAUTH_NOT_CONFIGURED.",
        errorResponses: { 400: "Unknown provider or field", 401: "Unauthorized", ...forbidden, 422: "The platform has no OAuth client for this provider (MAIL_OAUTH_NOT_CONFIGURED)" },
      },
    })
    .input(ZAuthorizeInput.extend({ provider: ZOAuthProvider }))
    .output(ZAuthorizeOutput)
    .mutation(async ({ ctx, input }) => one(await authorizeMailOAuth(ctx.caller, input.provider, { fromName: input.fromName }))),

  update: can("mail.configure")
    .meta({
      openapi: {
        method: "PATCH",
        path: "/configuration/mail/{id}",
        tags,
        summary: "Change the caller's mail configuration",
        description: `Partial: provider, fromName, fromEmail, smtp (fields given replace the stored ones), apiKey. Only the caller's own configuration (${WHOSE}) Same rules as POST; any change other than fromName resets verified. ${SECRETS}`,
        errorResponses: { 400: "Invalid field (errors map) or unknown field", 401: "Unauthorized", ...forbidden, ...notFound },
      },
    })
    .input(ZUpdateMailConfigInput)
    .output(ZMailConfigOutput)
    .mutation(async ({ ctx, input }) => one(await updateMailConfiguration(ctx.db, ctx.caller, input))),

  delete: can("mail.configure")
    .meta({
      status: 204,
      openapi: {
        method: "DELETE",
        path: "/configuration/mail/{id}",
        tags,
        summary: "Delete the caller's mail configuration",
        description: "Only the caller's own (ADMIN: the tenant-level one; CREATOR: their own). Mail then falls back to the tenant-level configuration, then Resend, then SMTP, then the development outbox.",
        successDescription: "No content",
        errorResponses: { 401: "Unauthorized", ...forbidden, ...notFound },
      },
    })
    .input(ZMailConfigIdInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await deleteMailConfiguration(ctx.db, ctx.caller, input.id);
    }),
});
