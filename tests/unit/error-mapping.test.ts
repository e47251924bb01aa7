import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { localeFromAcceptLanguage, localizeHttpError } from "../../lib/i18n/api-errors";
import { apiErrors_fr } from "../../messages/api/errors.fr";
import { apiFields_en } from "../../messages/api/fields.en";
import { apiFields_fr } from "../../messages/api/fields.fr";
import { DomainError, ERROR_REASON_CODES, notFound, reasonForStatus, STATUS_BY_CODE, toHttpError, trpcCodeForStatus, type DomainCode } from "../../server/errors";

describe("toHttpError (the one error table)", () => {
  it("maps domain codes to the spec's statuses", () => {
    expect(toHttpError(new DomainError("GONE", "QR token expired"))).toEqual({ statusCode: 410, code: "GONE", message: "QR token expired" });
    expect(toHttpError(new DomainError("PAYMENT_REQUIRED", "Insufficient AI credits")).statusCode).toBe(402);
    expect(toHttpError(new DomainError("INVALID_STATE", "Cannot cancel a LIVE or ENDED session")).statusCode).toBe(409);
    const limited = toHttpError(new DomainError("RATE_LIMITED", "Too many", { retryAfterSeconds: 900 }));
    expect(limited).toMatchObject({ statusCode: 429, retryAfterSeconds: 900 });
  });

  it("looks through tRPC's wrapper to the domain error", () => {
    const wrapped = new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: new DomainError("NOT_FOUND", "User not found") });
    expect(toHttpError(wrapped)).toEqual({ statusCode: 404, code: "NOT_FOUND", message: "User not found" });
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
    expect(toHttpError(new Error("secret internals"))).toEqual({ statusCode: 500, code: "INTERNAL_ERROR", message: "Internal server error" });
  });
});

describe("reason codes", () => {
  it("derives X_NOT_FOUND from notFound(X) and keeps explicit reasons", () => {
    expect(toHttpError(notFound("User"))).toMatchObject({ statusCode: 404, code: "USER_NOT_FOUND", message: "User not found" });
    expect(toHttpError(notFound("Quiz attempt")).code).toBe("QUIZ_ATTEMPT_NOT_FOUND");
    expect(toHttpError(new DomainError("GONE", "QR token expired", { reason: "QR_TOKEN_EXPIRED" }))).toMatchObject({ statusCode: 410, code: "QR_TOKEN_EXPIRED" });
    expect(toHttpError(new DomainError("UNPROCESSABLE", "Validation failed", { fields: { a: ["x"] } })).code).toBe("VALIDATION_FAILED");
  });

  it("gives transport and database errors their own codes", () => {
    expect(toHttpError(new TRPCError({ code: "PARSE_ERROR" }))).toMatchObject({ statusCode: 400, code: "MALFORMED_JSON" });
    expect(toHttpError(new TRPCError({ code: "NOT_FOUND", message: "Not found" }))).toMatchObject({ statusCode: 404, code: "ROUTE_NOT_FOUND" });
    expect(toHttpError(Object.assign(new Error("dup"), { code: "23505" })).code).toBe("ALREADY_EXISTS");
    expect(reasonForStatus(429)).toBe("RATE_LIMITED");
  });

  it("a zod error wrapped as UNPROCESSABLE_CONTENT (validationStatus 422) is a 422 VALIDATION_FAILED", () => {
    const result = z.object({ n: z.number() }).safeParse({ n: "x" });
    const mapped = toHttpError(new TRPCError({ code: "UNPROCESSABLE_CONTENT", cause: result.error }));
    expect(mapped).toMatchObject({ statusCode: 422, code: "VALIDATION_FAILED" });
  });

  it("one status table: tRPC's code for each domain category has the REST status", () => {
    for (const [code, status] of Object.entries(STATUS_BY_CODE)) {
      const trpc = trpcCodeForStatus(status);
      if (status === 410) expect(trpc).toBe("PRECONDITION_FAILED"); // tRPC has no 410: data.httpStatus carries it
      else expect(getHTTPStatusCodeFromError(new TRPCError({ code: trpc }))).toBe(status);
      // and the error data the UI reads says the same status as REST
      const mapped = toHttpError(new TRPCError({ code: trpc, cause: new DomainError(code as DomainCode, "x") }));
      expect(mapped.statusCode).toBe(status);
    }
  });
});

describe("wording per Accept-Language", () => {
  it("parses Accept-Language with weights; English by default", () => {
    expect(localeFromAcceptLanguage("fr-FR,fr;q=0.9,en;q=0.8")).toBe("fr");
    expect(localeFromAcceptLanguage("de-DE,en;q=0.5,fr;q=0.4")).toBe("en");
    expect(localeFromAcceptLanguage("en;q=0.2, fr;q=0.9")).toBe("fr");
    expect(localeFromAcceptLanguage(undefined)).toBe("en");
    expect(localeFromAcceptLanguage("es")).toBe("en");
  });

  it("words the message by code with ICU values, and field errors from the catalogue or zod's French", () => {
    const locked = toHttpError(new DomainError("RATE_LIMITED", "Too many PIN attempts: wait 15 minutes", { reason: "PIN_LOCKED", params: { minutes: 15 } }));
    expect(localizeHttpError(locked, "fr").message).toBe("Trop d'essais de code PIN\u202f: patientez 15 minutes.");
    expect(localizeHttpError(locked, "en").message).toBe("Too many PIN attempts: wait 15 minutes");
    const schema = z.strictObject({ maxParticipants: z.number().int().min(1), title: z.string().min(1, "Required"), email: z.email() });
    const result = schema.safeParse({ maxParticipants: 0, title: "", email: "x", extra: 1 });
    const fr = localizeHttpError(toHttpError(new TRPCError({ code: "BAD_REQUEST", cause: result.error })), "fr");
    expect(fr.message).toBe("Certains champs sont invalides.");
    expect(fr.errors).toEqual({
      maxParticipants: ["Doit être supérieur ou égal à 1"],
      title: ["Champ obligatoire"],
      email: ["Adresse e-mail invalide"],
      extra: ["Champ inconnu"],
    });
    const custom = localizeHttpError(toHttpError(new DomainError("UNPROCESSABLE", "Invalid questions", { fields: { "questions.0.choices": ["Choice labels must be distinct"] } })), "fr");
    expect(custom.errors).toEqual({ "questions.0.choices": ["Les libellés des choix doivent être distincts"] });
  });

  it("every code has French wording and every field message an id in both languages", () => {
    for (const code of ERROR_REASON_CODES) expect(apiErrors_fr[code], code).toBeTruthy();
    expect(Object.keys(apiFields_fr).sort()).toEqual(Object.keys(apiFields_en).sort());
  });
});
