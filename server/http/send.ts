import type { IncomingMessage, ServerResponse } from "node:http";
import { errorBody, localeFromAcceptLanguage } from "../../lib/i18n/api-errors";
import { reasonForStatus, type ErrorReason, type HttpError } from "../errors";

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(payload));
  res.end(payload);
}

/** An error to send: `toHttpError`'s result, or a hand-made one (its `code` then defaults to the status's generic reason). */
export type SendableError = Omit<HttpError, "code"> & { code?: ErrorReason };

/**
 * The spec's error body `{statusCode, message, errors?}` plus `code`, worded in the language of
 * the request's Accept-Language (English otherwise). Every transport's error body is built here.
 */
export function errorBodyFor(error: SendableError, req?: Pick<IncomingMessage, "headers"> | null) {
  const full: HttpError = { ...error, code: error.code ?? reasonForStatus(error.statusCode) };
  return errorBody(full, localeFromAcceptLanguage(req?.headers["accept-language"]));
}

export function sendError(res: ServerResponse, error: SendableError): void {
  if (error.retryAfterSeconds) res.setHeader("Retry-After", String(error.retryAfterSeconds));
  sendJson(res, error.statusCode, errorBodyFor(error, res.req));
}
