import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { DomainError, toHttpError } from "../../server/errors";

describe("toHttpError (the one error table)", () => {
  it("maps domain codes to the spec's statuses", () => {
    expect(toHttpError(new DomainError("GONE", "QR token expired"))).toEqual({ statusCode: 410, message: "QR token expired" });
    expect(toHttpError(new DomainError("PAYMENT_REQUIRED", "Insufficient AI credits")).statusCode).toBe(402);
    expect(toHttpError(new DomainError("INVALID_STATE", "Cannot cancel a LIVE or ENDED session")).statusCode).toBe(409);
    const limited = toHttpError(new DomainError("RATE_LIMITED", "Too many", { retryAfterSeconds: 900 }));
    expect(limited).toMatchObject({ statusCode: 429, retryAfterSeconds: 900 });
  });

  it("looks through tRPC's wrapper to the domain error", () => {
    const wrapped = new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: new DomainError("NOT_FOUND", "User not found") });
    expect(toHttpError(wrapped)).toEqual({ statusCode: 404, message: "User not found" });
  });

  it("turns zod issues into a field map with dotted paths and Unknown field", () => {
    const schema = z.strictObject({ items: z.array(z.object({ quantity: z.number().positive() })) });
    const result = schema.safeParse({ items: [{ quantity: -1 }], tenantId: "x" });
    expect(result.success).toBe(false);
    const mapped = toHttpError(new TRPCError({ code: "BAD_REQUEST", cause: result.error }));
    expect(mapped.statusCode).toBe(400);
    expect(mapped.message).toBe("Validation failed");
    const errors = mapped.errors as Record<string, string[]>;
    expect(errors["items.0.quantity"]).toHaveLength(1);
    expect(errors.tenantId).toEqual(["Unknown field"]);
  });

  it("maps database unique violations to 409 and hides anything unknown behind a 500", () => {
    expect(toHttpError(Object.assign(new Error("dup"), { code: "23505" })).statusCode).toBe(409);
    expect(toHttpError(new Error("secret internals"))).toEqual({ statusCode: 500, message: "Internal server error" });
  });
});
