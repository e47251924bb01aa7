import { DomainError, UNKNOWN_FIELD_MESSAGE, type FieldErrors } from "../errors";

/**
 * Checks the request edge applies to every input before any procedure sees it (REST
 * dispatcher, rest-routes.ts, and raw routes, raw-route.ts): nothing here looks a key up
 * through a prototype, and nothing recurses deeper than MAX_JSON_DEPTH.
 */

/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 64;

/** C0 control characters and DEL, except tab, line feed and carriage return (PostgreSQL refuses NUL in text). */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The message of a field refused for a control character (messages/api/fields.*.ts `noControlChars`). */
const CONTROL_CHARACTER_MESSAGE = "No control characters";

/** Key names an object inherits from Object.prototype (`toString`, `constructor`, `__proto__`...). */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/** A null-prototype record: a lookup never reaches an inherited member. */
function fieldErrors(): FieldErrors {
  return Object.create(null) as FieldErrors;
}

function add(errors: FieldErrors, field: string, message: string): void {
  const list = Object.hasOwn(errors, field) ? errors[field]! : (errors[field] = []);
  if (!list.includes(message)) list.push(message);
}

/**
 * Refuses (400 INVALID_CHARACTER, `errors` naming each field) a control character in any of
 * these strings: query parameters, path parameters. Arrays (a repeated query parameter) are
 * checked item by item.
 */
export function refuseControlCharacters(values: Record<string, unknown>): void {
  const errors = fieldErrors();
  for (const [field, value] of Object.entries(values)) {
    if (hasControlCharacter(field)) add(errors, printable(field), CONTROL_CHARACTER_MESSAGE);
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) if (typeof item === "string" && hasControlCharacter(item)) add(errors, printable(field), CONTROL_CHARACTER_MESSAGE);
  }
  throwIfAny(errors, "INVALID_CHARACTER", "Control characters are not allowed");
}

/**
 * Refuses a parsed JSON body's keys named after an Object.prototype member (400
 * VALIDATION_FAILED, the field "Unknown field": no contract declares such a field) and
 * control characters in any key or string value (400 INVALID_CHARACTER). Fields are named
 * by their dotted path (`items.0.title`). Depth is bounded by checkJsonDepth beforehand.
 */
export function checkJsonBody(body: unknown): void {
  const unknown = fieldErrors();
  const control = fieldErrors();
  const visit = (value: unknown, path: string): void => {
    if (typeof value === "string") {
      if (hasControlCharacter(value)) add(control, path || "_", CONTROL_CHARACTER_MESSAGE);
      return;
    }
    if (!value || typeof value !== "object") return;
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, path ? `${path}.${i}` : String(i)));
      return;
    }
    for (const key of Object.keys(value)) {
      const field = path ? `${path}.${printable(key)}` : printable(key);
      if (PROTOTYPE_KEYS.has(key)) add(unknown, field, UNKNOWN_FIELD_MESSAGE);
      else if (hasControlCharacter(key)) add(control, field, CONTROL_CHARACTER_MESSAGE);
      visit((value as Record<string, unknown>)[key], field);
    }
  };
  visit(body, "");
  throwIfAny(unknown, "VALIDATION_FAILED", "Validation failed", "VALIDATION");
  throwIfAny(control, "INVALID_CHARACTER", "Control characters are not allowed");
}

/**
 * Refuses (400 JSON_TOO_DEEP) a JSON text nested deeper than `max` arrays and objects, before
 * it is parsed: one linear scan counting brackets outside strings, no recursion.
 */
export function checkJsonDepth(text: string, max = MAX_JSON_DEPTH): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) {
        throw new DomainError("BAD_REQUEST", `JSON nested deeper than ${max} levels`, { reason: "JSON_TOO_DEEP", params: { max } });
      }
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
}

/** Decodes a body's bytes, refusing (400 INVALID_UTF8) anything that is not well-formed UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new DomainError("BAD_REQUEST", "The body is not valid UTF-8", { reason: "INVALID_UTF8" });
  }
}

/** A field name as it can be shown back: control characters escaped (\u0000). */
function printable(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function throwIfAny(errors: FieldErrors, reason: "INVALID_CHARACTER" | "VALIDATION_FAILED", message: string, code: "BAD_REQUEST" | "VALIDATION" = "BAD_REQUEST"): void {
  if (Object.keys(errors).length === 0) return;
  // A plain object for the body (JSON.stringify and the localiser read own keys only).
  throw new DomainError(code, message, { reason, fields: Object.fromEntries(Object.entries(errors)) });
}
