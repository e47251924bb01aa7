import { z } from "zod";
import { MAX } from "./bounds";
import { envelope } from "./envelope";

/** Isomorphic: imports only zod. Shared envelope, pagination and field schemas. */

export const ZId = (prefix: string) => z.string().min(1).max(MAX.id).describe(`Identifier (${prefix}_...)`);
export const ZTimestamp = z.string().describe("ISO 8601 UTC timestamp");
export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(MAX.email)
  .pipe(z.email({ message: "Invalid e-mail address" }))
  .describe("E-mail address (case-insensitive)");
export const ZPassword = z.string().min(10, "Password must be at least 10 characters").max(200).describe("At least 10 characters");
export const ZName = z.string().trim().min(1, "Required").max(100);
export const ZLocale = z.string().max(MAX.locale).regex(/^[a-z]{2}(-[A-Z]{2})?$/, "Language code such as fr or en-GB").describe("Language code (fr, en)");

export const ZRole = z.enum(["ADMIN", "CREATOR", "TRAINER", "LEARNER", "FINANCIER", "FUNDER"]).describe("Role in the tenant");
export const ZUserStatus = z.enum(["ACTIVE", "INVITED", "SUSPENDED"]);

/** The success envelope's schemas live with its runtime constructors in ./envelope (re-exported for existing imports). */
export { envelope, listEnvelope } from "./envelope";

/** Pagination with a `limit` page size (meta carries totalPages). */
export const ZLimitPageInput = z.object({
  page: z.coerce.number().int().min(1).max(MAX.page).default(1).describe("1-based page number"),
  limit: z.coerce.number().int().min(1).max(100).default(25).describe("Page size (max 100)"),
});
export const ZLimitPageMeta = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
});

/** Pagination with a `perPage` page size. */
export const ZPerPageInput = z.object({
  page: z.coerce.number().int().min(1).max(MAX.page).default(1).describe("1-based page number"),
  perPage: z.coerce.number().int().min(1).max(100).default(20).describe("Page size (max 100)"),
});
export const ZPerPageMeta = z.object({ total: z.number().int(), page: z.number().int(), perPage: z.number().int() });

export const ZNoInput = z.strictObject({});
export const ZMessage = envelope(z.object({ message: z.string() }));

/** Query booleans arrive as strings. */
export const ZQueryBool = z.enum(["true", "false"]).transform((v) => v === "true");
