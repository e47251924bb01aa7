import * as oauth from "oauth4webapi";
import { env } from "../../env";
import type { TOAuthProvider } from "../../contracts/mail-config";

/**
 * The two OAuth applications behind "Connect Google" / "Connect Microsoft" (oauth4webapi). Endpoints
 * are set statically (no discovery): Microsoft's /common issuer is templated ({tenantid}), so its
 * issuer is never compared; its ID token is not requested (the sender address comes from Graph /me).
 */
export type OAuthApp = {
  provider: TOAuthProvider;
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  clientAuth: oauth.ClientAuth;
  scope: string;
  redirectUri: string;
  /** Extra authorization request parameters (Google: offline access, consent to always get a refresh token). */
  extraParams: Record<string, string>;
  /** oauth4webapi refuses http:// endpoints unless told (local fakes in tests). */
  requestOptions: { [oauth.allowInsecureRequests]?: boolean; signal?: AbortSignal };
};

const base = (url: string) => url.replace(/\/$/, "");

function redirectUriFor(provider: TOAuthProvider): string {
  return `${base(env().APP_URL)}/api/v1/configuration/mail/${provider}/callback`;
}

/** null when the platform has no client id for the provider (authorize answers 422 MAIL_OAUTH_NOT_CONFIGURED). */
export function oauthApp(provider: TOAuthProvider): OAuthApp | null {
  const e = env();
  if (provider === "google") {
    if (!e.GOOGLE_CLIENT_ID) return null;
    const issuer = base(e.GOOGLE_OAUTH_BASE_URL);
    return finish({
      provider,
      as: { issuer, authorization_endpoint: `${issuer}/o/oauth2/v2/auth`, token_endpoint: e.GOOGLE_TOKEN_URL },
      client: { client_id: e.GOOGLE_CLIENT_ID },
      clientAuth: oauth.ClientSecretPost(e.GOOGLE_CLIENT_SECRET ?? ""),
      scope: "openid email https://www.googleapis.com/auth/gmail.send",
      redirectUri: redirectUriFor(provider),
      extraParams: { access_type: "offline", prompt: "consent" },
    });
  }
  if (!e.MICROSOFT_CLIENT_ID) return null;
  const login = `${base(e.MICROSOFT_LOGIN_BASE_URL)}/${encodeURIComponent(e.MICROSOFT_TENANT)}`;
  return finish({
    provider,
    as: { issuer: `${login}/v2.0`, authorization_endpoint: `${login}/oauth2/v2.0/authorize`, token_endpoint: `${login}/oauth2/v2.0/token` },
    client: { client_id: e.MICROSOFT_CLIENT_ID },
    clientAuth: oauth.ClientSecretPost(e.MICROSOFT_CLIENT_SECRET ?? ""),
    scope: "offline_access https://graph.microsoft.com/User.Read https://graph.microsoft.com/Mail.Send",
    redirectUri: redirectUriFor(provider),
    extraParams: {},
  });
}

function finish(app: Omit<OAuthApp, "requestOptions">): OAuthApp {
  const insecure = app.as.token_endpoint?.startsWith("http://") ?? false;
  return { ...app, requestOptions: insecure ? { [oauth.allowInsecureRequests]: true } : {} };
}

export type TokenSet = { accessToken: string; refreshToken?: string; expiresAt?: number; email?: string };

function tokenSet(result: oauth.TokenEndpointResponse, now: number): TokenSet {
  const claims = oauth.getValidatedIdTokenClaims(result);
  const email = typeof claims?.email === "string" ? claims.email : undefined;
  return {
    accessToken: result.access_token,
    refreshToken: result.refresh_token,
    expiresAt: typeof result.expires_in === "number" ? now + result.expires_in * 1000 : undefined,
    email,
  };
}

const timeout = () => AbortSignal.timeout(env().MAIL_PROVIDER_TIMEOUT_SECONDS * 1000);

/** The authorization code grant with the PKCE verifier; the callback parameters were validated (state) already. */
export async function exchangeCode(app: OAuthApp, params: URLSearchParams, codeVerifier: string, now = Date.now()): Promise<TokenSet> {
  const response = await oauth.authorizationCodeGrantRequest(app.as, app.client, app.clientAuth, params, app.redirectUri, codeVerifier, { ...app.requestOptions, signal: timeout() });
  return tokenSet(await oauth.processAuthorizationCodeResponse(app.as, app.client, response), now);
}

/** The refresh token grant; a provider that does not rotate the refresh token keeps the old one. */
export async function refreshTokens(app: OAuthApp, refreshToken: string, now = Date.now()): Promise<TokenSet> {
  const response = await oauth.refreshTokenGrantRequest(app.as, app.client, app.clientAuth, refreshToken, { ...app.requestOptions, signal: timeout() });
  const set = tokenSet(await oauth.processRefreshTokenResponse(app.as, app.client, response), now);
  return { ...set, refreshToken: set.refreshToken ?? refreshToken };
}
