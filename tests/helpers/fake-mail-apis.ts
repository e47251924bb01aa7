import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { generateKeyPair, SignJWT } from "jose";

/**
 * Local stand-ins for the HTTP APIs the mail transports call, on one 127.0.0.1 server:
 * - Google: token endpoint POST /google/token (authorization_code with PKCE, refresh_token), ID token
 *   RS256 with iss = `${url}/google` (GOOGLE_OAUTH_BASE_URL), Gmail POST /gmail/v1/users/me/messages/send;
 * - Microsoft: POST /ms/{tenant}/oauth2/v2.0/token, Graph POST /v1.0/me/sendMail and GET /v1.0/me;
 * - Resend: POST /resend/emails.
 * Codes are issued by `issueCode` with the expected PKCE challenge; every request is recorded.
 */
export type Recorded = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string; form?: URLSearchParams; json?: any };
export type FakeMailApis = {
  url: string;
  requests: Recorded[];
  /** A code the token endpoint accepts once, for this PKCE challenge (S256 of the verifier). */
  issueCode(provider: "google" | "microsoft", codeChallenge: string, email: string): string;
  /** Access tokens currently valid (a send with another one is 401). */
  validTokens: Set<string>;
  /** Lifetime (seconds) of the next tokens issued. */
  expiresIn: number;
  /** Next answer of the send endpoints (null: normal). */
  failNext: { status: number; body: string } | null;
  env(): Record<string, string>;
  close(): Promise<void>;
};

export const GOOGLE_CLIENT = { id: "google-client-id", secret: "google-client-secret" };
export const MS_CLIENT = { id: "ms-client-id", secret: "ms-client-secret" };

export async function startFakeMailApis(): Promise<FakeMailApis> {
  const { privateKey } = await generateKeyPair("RS256");
  const requests: Recorded[] = [];
  const codes = new Map<string, { provider: string; challenge: string; email: string }>();
  const refreshTokens = new Map<string, string>(); // refresh token -> email
  let counter = 0;
  const state = { expiresIn: 3600, failNext: null as FakeMailApis["failNext"] };
  const validTokens = new Set<string>();
  let url = "";

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "Content-Type": "application/json", ...headers });
    res.end(body === undefined ? "" : JSON.stringify(body));
  };

  async function tokenResponse(provider: string, email: string, clientId: string) {
    counter += 1;
    const access = `${provider}-access-${counter}`;
    const refresh = `${provider}-refresh-${counter}`;
    validTokens.add(access);
    refreshTokens.set(refresh, email);
    const out: Record<string, unknown> = { access_token: access, refresh_token: refresh, token_type: "Bearer", expires_in: state.expiresIn, scope: "x" };
    if (provider === "google") {
      out.id_token = await new SignJWT({ email, email_verified: true })
        .setProtectedHeader({ alg: "RS256", kid: "k1" })
        .setIssuer(`${url}/google`)
        .setAudience(clientId)
        .setSubject(`sub-${email}`)
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(privateKey);
    }
    return out;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const path = (req.url ?? "/").split("?")[0]!;
        const rec: Recorded = { method: req.method ?? "GET", path, headers: req.headers, body };
        if ((req.headers["content-type"] ?? "").includes("x-www-form-urlencoded")) rec.form = new URLSearchParams(body);
        else if (body) {
          try {
            rec.json = JSON.parse(body);
          } catch {
            /* raw */
          }
        }
        requests.push(rec);
        const bearer = (req.headers.authorization ?? "").replace(/^Bearer /, "");
        const tokenPath = path === "/google/token" ? "google" : /^\/ms\/[^/]+\/oauth2\/v2\.0\/token$/.test(path) ? "microsoft" : null;
        if (req.method === "POST" && tokenPath) {
          const f = rec.form!;
          const client = tokenPath === "google" ? GOOGLE_CLIENT : MS_CLIENT;
          if (f.get("client_id") !== client.id || f.get("client_secret") !== client.secret) return send(res, 401, { error: "invalid_client" });
          if (f.get("grant_type") === "authorization_code") {
            const entry = codes.get(f.get("code") ?? "");
            codes.delete(f.get("code") ?? "");
            const verifier = f.get("code_verifier") ?? "";
            const challenge = createHash("sha256").update(verifier).digest("base64url");
            if (!entry || entry.provider !== tokenPath || entry.challenge !== challenge) return send(res, 400, { error: "invalid_grant", error_description: "code or PKCE verifier mismatch" });
            return send(res, 200, await tokenResponse(tokenPath, entry.email, client.id));
          }
          if (f.get("grant_type") === "refresh_token") {
            const email = refreshTokens.get(f.get("refresh_token") ?? "");
            if (!email) return send(res, 400, { error: "invalid_grant" });
            return send(res, 200, await tokenResponse(tokenPath, email, client.id));
          }
          return send(res, 400, { error: "unsupported_grant_type" });
        }
        const sendPath = path === "/gmail/v1/users/me/messages/send" || path === "/v1.0/me/sendMail" || path === "/resend/emails";
        if (sendPath && state.failNext) {
          const f = state.failNext;
          state.failNext = null;
          res.writeHead(f.status, { "Content-Type": "application/json" });
          return res.end(f.body);
        }
        if (req.method === "POST" && path === "/gmail/v1/users/me/messages/send") {
          if (!validTokens.has(bearer)) return send(res, 401, { error: { code: 401, message: "Invalid Credentials" } });
          return send(res, 200, { id: `gmail-msg-${requests.length}`, threadId: "t1", labelIds: ["SENT"] });
        }
        if (req.method === "POST" && path === "/v1.0/me/sendMail") {
          if (!validTokens.has(bearer)) return send(res, 401, { error: { code: "InvalidAuthenticationToken", message: "Access token has expired" } });
          return send(res, 202, undefined, { "request-id": `graph-req-${requests.length}` });
        }
        if (req.method === "GET" && path === "/v1.0/me") {
          if (!validTokens.has(bearer)) return send(res, 401, { error: { code: "InvalidAuthenticationToken" } });
          return send(res, 200, { mail: null, userPrincipalName: "Formateur@Contoso.test" });
        }
        if (req.method === "POST" && path === "/resend/emails") {
          if (bearer !== "re_test_key") return send(res, 401, { name: "validation_error", message: "API key is invalid", statusCode: 401 });
          return send(res, 200, { id: `resend-${requests.length}` });
        }
        send(res, 404, { error: "not found", path });
      })().catch((e: Error) => send(res, 500, { error: e.message }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    validTokens,
    get expiresIn() {
      return state.expiresIn;
    },
    set expiresIn(v: number) {
      state.expiresIn = v;
    },
    get failNext() {
      return state.failNext;
    },
    set failNext(v) {
      state.failNext = v;
    },
    issueCode(provider, challenge, email) {
      const code = `code-${provider}-${++counter}`;
      codes.set(code, { provider, challenge, email });
      return code;
    },
    env: () => ({
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
      GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
      GOOGLE_OAUTH_BASE_URL: `${url}/google`,
      GOOGLE_TOKEN_URL: `${url}/google/token`,
      GMAIL_API_BASE_URL: url,
      MICROSOFT_CLIENT_ID: MS_CLIENT.id,
      MICROSOFT_CLIENT_SECRET: MS_CLIENT.secret,
      MICROSOFT_TENANT: "common",
      MICROSOFT_LOGIN_BASE_URL: `${url}/ms`,
      GRAPH_API_BASE_URL: url,
      RESEND_BASE_URL: `${url}/resend`,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
