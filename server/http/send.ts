import type { ServerResponse } from "node:http";
import type { HttpError } from "../errors";

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(payload));
  res.end(payload);
}

/** The spec's error body: `{statusCode, message, errors?}`. */
export function sendError(res: ServerResponse, error: HttpError): void {
  if (error.retryAfterSeconds) res.setHeader("Retry-After", String(error.retryAfterSeconds));
  sendJson(res, error.statusCode, {
    statusCode: error.statusCode,
    message: error.message,
    ...(error.errors ? { errors: error.errors } : {}),
  });
}
