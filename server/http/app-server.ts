import http from "node:http";
import type { Duplex } from "node:stream";
import type { ErrorReason } from "../errors";
import { errorBodyFor } from "./send";

/**
 * How long a client may take to send a request, enforced by Node's HTTP server: past
 * `headersTimeoutMs` without the full header block, or `requestTimeoutMs` without the full
 * request (a body that never finishes: slow sender), the server answers 408 and closes the
 * connection. A response being written (a long PDF) is not limited by these.
 */
export type RequestTimeouts = { requestTimeoutMs: number; headersTimeoutMs: number };

const DEFAULT_REQUEST_TIMEOUTS: RequestTimeouts = { requestTimeoutMs: 60_000, headersTimeoutMs: 15_000 };

/**
 * The request target in origin form: an absolute-form request line (`GET http://evil.example/login
 * HTTP/1.1`) is reduced to its path and query — the host it names is never used (not for
 * routing, not for a redirect) — and leading slashes are collapsed (`//evil.example/x` is the
 * path `/evil.example/x`, never a scheme-relative address). `*` (OPTIONS *) is left as it is.
 */
export function toOriginForm(target: string | undefined): string {
  if (!target) return "/";
  if (target === "*") return target;
  let path = target;
  if (!target.startsWith("/")) {
    try {
      const url = new URL(target);
      path = `${url.pathname}${url.search}`;
    } catch {
      path = "/";
    }
  }
  return path.replace(/^\/{2,}/, "/");
}

/**
 * The app's HTTP server (server.ts; the tests build theirs the same way): request targets in
 * origin form before any handler sees them, and the request timeouts above.
 */
export function createAppServer(handler: http.RequestListener, timeouts: RequestTimeouts = DEFAULT_REQUEST_TIMEOUTS): http.Server {
  // The response each connection is writing, for answerClientError (public API only: no `socket._httpMessage`).
  const responses = new WeakMap<Duplex, http.ServerResponse>();
  const headersTimeout = Math.min(timeouts.headersTimeoutMs, timeouts.requestTimeoutMs);
  const server = http.createServer(
    {
      requestTimeout: timeouts.requestTimeoutMs,
      headersTimeout,
      // How often Node looks for expired requests (its default is 30 s): a fraction of the shortest timeout.
      connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(headersTimeout / 4))),
    },
    (req, res) => {
      responses.set(req.socket, res);
      req.url = toOriginForm(req.url);
      handler(req, res);
    },
  );
  server.keepAliveTimeout = 65_000;
  server.on("clientError", (err: Error & { code?: string }, socket: Duplex) => answerClientError(err, socket, responses.get(socket)));
  return server;
}

const CLIENT_ERRORS: Record<string, { statusCode: number; code: ErrorReason; message: string }> = {
  HPE_HEADER_OVERFLOW: { statusCode: 431, code: "HEADERS_TOO_LARGE", message: "Request line or headers too large" },
  ERR_HTTP_REQUEST_TIMEOUT: { statusCode: 408, code: "REQUEST_TIMEOUT", message: "Request not received in time" },
};

/**
 * A request Node's parser refuses before any handler runs (headers or request line too large,
 * request timeout, unparsable request) is answered with the same JSON error body as the API's
 * (English: its headers were not read), then the connection is closed.
 */
function answerClientError(err: Error & { code?: string }, socket: Duplex, lastResponse: http.ServerResponse | undefined): void {
  // as Node does: answer only when no response on this connection is half-written (else the peer would read garbage)
  const inFlight = lastResponse !== undefined && lastResponse.headersSent && !lastResponse.writableFinished;
  if (err.code === "ECONNRESET" || !socket.writable || inFlight) {
    socket.destroy();
    return;
  }
  const error = CLIENT_ERRORS[err.code ?? ""] ?? { statusCode: 400, code: "BAD_REQUEST" as const, message: "Bad request" };
  const body = JSON.stringify(errorBodyFor(error));
  socket.end(
    `HTTP/1.1 ${error.statusCode} ${http.STATUS_CODES[error.statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
