import { z } from "zod";

/**
 * The success envelope: the ONE place it is built, as a schema and as a value.
 *
 * Spec: every successful REST/tRPC answer is wrapped. A single resource is `{data}`; a list is
 * `{data, meta}` (meta: the page's `{total, page, limit, totalPages}` or `{total, page,
 * perPage}`, or a list's own figures); login is `{data, meta: {timestamp, requestId}}`. Errors
 * have their own body (server/errors.ts) and are not built here.
 *
 * Why one place: the shape is the API's contract with every client (the UI reads `.data`, the
 * OpenAPI document describes `{data}`/`{data, meta}`). Keeping the schema constructors
 * (`envelope`, `listEnvelope`, `envelopeWithMeta`) next to the runtime ones (`one`, `page`, `withMeta`) means a
 * change to the envelope is made once, and routers and services never write `{ data: ... }`
 * by hand. tests/unit/envelope-place.test.ts fails when a literal envelope appears in
 * server/api/routers or server/services.
 *
 * Isomorphic: imports only zod.
 */

/** Schema of a `{data}` success envelope. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** Schema of a `{data, meta}` list envelope. */
export const listEnvelope = <T extends z.ZodType, M extends z.ZodType>(item: T, meta: M) => z.object({ data: z.array(item), meta });

/** Schema of a `{data, meta}` envelope whose meta is not a list's (login: `{data, meta: {timestamp, requestId}}`). */
export const envelopeWithMeta = <T extends z.ZodType, M extends z.ZodType>(data: T, meta: M) => z.object({ data, meta });

/** A single resource's success answer: `{data}`. */
export function one<T>(data: T): { data: T } {
  return { data };
}

/** A list's success answer: `{data, meta}`. */
export function page<T, M>(data: T[], meta: M): { data: T[]; meta: M } {
  return { data, meta };
}

/** A success answer whose meta is not a list's (login: `{data, meta: {timestamp, requestId}}`). */
export function withMeta<T, M>(data: T, meta: M): { data: T; meta: M } {
  return { data, meta };
}
