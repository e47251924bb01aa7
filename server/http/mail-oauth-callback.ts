import { ZOAuthCallbackInput, ZOAuthProvider, type TOAuthProvider } from "../contracts/mail-config";
import { completeMailOAuth } from "../services/mail/configurations";
import { rawRoute, type RawRoute } from "./raw-route";

/**
 * GET /api/v1/configuration/mail/{google|microsoft}/callback: where the provider sends the browser
 * back after consent. Public (the signed state names the tenant and the user); answers a 302 to the
 * tenant's mail settings page, never JSON.
 */
function callbackRoute(provider: TOAuthProvider): RawRoute {
  const name = provider === "google" ? "Google" : "Microsoft";
  return rawRoute({
    method: "GET",
    path: `/configuration/mail/${provider}/callback`,
    query: ["code", "state", "error"],
    successStatus: 302,
    access: { public: true },
    input: ZOAuthCallbackInput,
    doc: {
      summary: `${name} OAuth callback of the mail configuration`,
      description:
        `Public; the provider redirects the browser here with code and state (or error). The state (signed HS256 JWT, 10 minutes) names the tenant, the user and the configuration owner ` +
        `and carries the encrypted PKCE verifier: the code is exchanged at ${name}'s token endpoint with it, the tokens are stored AES-256-GCM encrypted in that configuration ` +
        `(provider ${provider.toUpperCase()}, fromEmail from ${provider === "google" ? "the ID token's email" : "Graph /me (mail or userPrincipalName)"}), verified is reset. ` +
        "Every outcome is a 302 to the settings page (no JSON error body).",
      tags: ["Mail configuration"],
      produces: "text/plain",
      successDescription:
        "Redirect to the tenant's mail settings page: ?mail=connected&provider=" + provider + " when the account is connected, else ?mail=error&reason= " +
        "invalid_state (missing, tampered or expired state: to the platform's address), access_denied (consent refused), provider_error, not_configured, " +
        "forbidden (the user may no longer manage that configuration) or token_exchange_failed",
      errorResponses: {},
    },
    handler: async ({ ctx, input }) => {
      const outcome = await completeMailOAuth(ctx.db, ZOAuthProvider.parse(provider), input, { ip: ctx.ip, userAgent: ctx.userAgent, requestId: ctx.requestId });
      return { contentType: "text/plain", body: new Uint8Array(), redirect: outcome.location, headers: { "Referrer-Policy": "no-referrer" } };
    },
  });
}

export const googleMailCallbackRoute = callbackRoute("google");
export const microsoftMailCallbackRoute = callbackRoute("microsoft");
