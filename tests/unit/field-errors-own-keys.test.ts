import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrorsFromIssues, toHttpError } from "../../server/errors";

/** Issue #13: a field named after an Object.prototype member is a plain key in an error body (it was a 500). */
describe("fieldErrorsFromIssues reads own keys only", () => {
  const names = ["toString", "constructor", "__proto__", "valueOf", "hasOwnProperty"];

  it.each(names)("unknown key %s -> Unknown field", (name) => {
    const result = z.strictObject({ email: z.string() }).safeParse(JSON.parse(`{"email":"a","${name}":1}`));
    expect(result.success).toBe(false);
    const errors = fieldErrorsFromIssues(result.error!.issues as never);
    expect(Object.hasOwn(errors, name)).toBe(true);
    expect(errors[name]).toEqual(["Unknown field"]);
    expect(JSON.parse(JSON.stringify(errors))).toEqual(JSON.parse(`{"${name}":["Unknown field"]}`));
  });

  it("two messages on a field named toString are both kept; toHttpError maps to 400", () => {
    const issues = [
      { code: "custom", path: ["toString"], message: "first" },
      { code: "custom", path: ["toString"], message: "second" },
    ];
    expect(fieldErrorsFromIssues(issues).toString).toEqual(["first", "second"]);
    expect(toHttpError({ issues }).statusCode).toBe(400);
  });
});
