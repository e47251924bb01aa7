/**
 * Canonical JSON for hashing (a subset of RFC 8785 / JCS that is enough for our records):
 * - object keys sorted by UTF-16 code units (`Array.prototype.sort` default), no whitespace;
 * - `undefined` object members are omitted, like JSON.stringify; `undefined` in arrays is refused;
 * - Date -> its ISO 8601 UTC string (`toISOString()`, millisecond precision);
 * - numbers as JSON numbers (ECMAScript shortest round-trip form), -0 -> 0; NaN/Infinity refused;
 * - strings escaped by JSON.stringify; bigint, functions and symbols refused.
 */
export type CanonicalValue =
  | string
  | number
  | boolean
  | null
  | Date
  | undefined
  | readonly CanonicalValue[]
  | { readonly [key: string]: CanonicalValue };

export function canonicalJson(value: CanonicalValue): string {
  return write(value, "$");
}

function write(value: unknown, path: string): string {
  if (value === null) return "null";
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new TypeError(`canonicalJson: invalid date at ${path}`);
    return JSON.stringify(value.toISOString());
  }
  switch (typeof value) {
    case "string":
    case "boolean":
      return JSON.stringify(value);
    case "number":
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: non-finite number at ${path}`);
      return Object.is(value, -0) ? "0" : JSON.stringify(value);
    case "object": {
      if (Array.isArray(value)) {
        return `[${value
          .map((item, i) => {
            if (item === undefined) throw new TypeError(`canonicalJson: undefined at ${path}[${i}]`);
            return write(item, `${path}[${i}]`);
          })
          .join(",")}]`;
      }
      const obj = value as Record<string, unknown>;
      const members = Object.keys(obj)
        .filter((k) => obj[k] !== undefined)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${write(obj[k], `${path}.${k}`)}`);
      return `{${members.join(",")}}`;
    }
    default:
      throw new TypeError(`canonicalJson: unsupported ${typeof value} at ${path}`);
  }
}
