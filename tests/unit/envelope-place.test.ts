import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The success envelope (`{data}`, `{data, meta}`) is built in ONE place: server/contracts/envelope.ts
 * (the values `one`, `page`, `withMeta` next to the schemas `envelope`, `listEnvelope`,
 * `envelopeWithMeta`). Routers and services call those constructors and never write the envelope
 * as an object literal; contracts describe it with the schema constructors.
 *
 * This scan reads every .ts file under server/api/routers, server/services and server/contracts
 * (envelope.ts excepted) and fails on an object literal with a top-level `data` key
 * (`({ data: await x() })`, `return { data: sheet }`, `{ data, meta }`, `z.object({ data: ... })`).
 * Destructuring (`const { data } = ...`), imports and type literals (`Promise<{ data: Buffer;
 * mimeType: T }>`) are not object literals and are not reported. Objects whose `data` key is NOT
 * the response envelope are listed in ALLOWED, each with why.
 */
const ROOT = path.join(import.meta.dirname, "../..");
const DIRS = ["server/api/routers", "server/services", "server/contracts", "server/http"];
/** The one module allowed to write the envelope. */
const PLACE = "server/contracts/envelope.ts";

/**
 * Legitimate `data` keys that are not the success envelope. `literal` is the start of the object
 * literal, whitespace collapsed. An entry that no longer matches anything fails the test too, so
 * the list stays exact.
 */
const ALLOWED: { file: string; literal: string; why: string }[] = [
  // A tenant logo read from storage: the image bytes and their MIME type, served raw (never JSON).
  { file: "server/services/tenants/logo.ts", literal: "{ data, mimeType }", why: "logo bytes, not a response" },
  // The BPF snapshot's JSON column (`bpf_snapshots.data`) as loaded, beside the row's head.
  { file: "server/services/bpf/snapshots.ts", literal: "{ head, data: {", why: "snapshot column, not a response" },
  // The row written to bpf_snapshots: `data` is the column holding the computed frames.
  { file: "server/services/bpf/snapshots.ts", literal: "{ status: ", why: "bpf_snapshots row values, not a response" },
  // An event row (`events.data` column): the payload a webhook delivers.
  { file: "server/services/platform/events.ts", literal: "{ id, event, data: data as", why: "events row values, not a response" },
  // The webhook body POSTed to a subscriber: `{id, event, tenantId, createdAt, data}` (its own spec, not our envelope).
  { file: "server/services/webhooks/delivery.ts", literal: "{ id: event.id, event: event.event,", why: "outgoing webhook payload" },
  // The schema of that webhook body (spec, Events §3).
  { file: "server/contracts/events.ts", literal: '{ id: z.string().regex(/^evt_/)', why: "outgoing webhook payload schema" },
  // Job queue payloads: `{ name, data }` is the job's name and its arguments.
  { file: "server/services/webhooks/delivery.ts", literal: '{ name: "webhook.deliver", data:', why: "job payload" },
  { file: "server/services/webhooks/deliveries.ts", literal: '{ name: "webhook.deliver", data:', why: "job payload" },
  { file: "server/services/webhooks/dispatch.ts", literal: '{ name: "webhook.deliver", data:', why: "job payload" },
];

/**
 * The text with comments, strings, template literals (their `${...}` parts stay code) and regular
 * expressions blanked, same length and lines, so the braces and keys left are code only.
 */
function codeOnly(text: string): string {
  const out = text.split("");
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== "\n") out[k] = " ";
  };
  /** A regular expression can start here (after an operator, an opening bracket or `return`), not a division. */
  const regexAllowed = (i: number) => {
    let k = i - 1;
    while (k >= 0 && /\s/.test(text[k]!)) k--;
    return k < 0 || "(,=:[!&|?{};".includes(text[k]!) || /\breturn$/.test(text.slice(Math.max(0, k - 6), k + 1));
  };
  /** Scans code from `i`; with `inTemplate`, stops at the `}` closing a `${`. Returns the index reached. */
  const code = (i: number, inTemplate: boolean): number => {
    let depth = 0;
    while (i < text.length) {
      const c = text[i];
      if (c === "/" && text[i + 1] === "/") {
        const end = text.indexOf("\n", i);
        blank(i, end < 0 ? text.length : end);
        i = end < 0 ? text.length : end;
      } else if (c === "/" && text[i + 1] === "*") {
        const end = text.indexOf("*/", i + 2) + 2;
        blank(i, end);
        i = end;
      } else if (c === "/" && regexAllowed(i)) {
        let j = i + 1;
        for (let inClass = false; j < text.length && text[j] !== "\n" && (inClass || text[j] !== "/"); j++) {
          if (text[j] === "\\") j++;
          else if (text[j] === "[") inClass = true;
          else if (text[j] === "]") inClass = false;
        }
        blank(i + 1, j);
        i = j + 1;
      } else if (c === '"' || c === "'") {
        let j = i + 1;
        while (j < text.length && text[j] !== c) j += text[j] === "\\" ? 2 : 1;
        blank(i + 1, j);
        i = j + 1;
      } else if (c === "`") {
        let j = i + 1;
        while (j < text.length && text[j] !== "`") {
          if (text[j] === "\\") {
            blank(j, j + 2);
            j += 2;
          } else if (text[j] === "$" && text[j + 1] === "{") {
            blank(j, j + 2);
            j = code(j + 2, true);
            blank(j, j + 1);
            j++;
          } else {
            blank(j, j + 1);
            j++;
          }
        }
        i = j + 1;
      } else {
        if (c === "{") depth++;
        else if (c === "}" && depth-- === 0 && inTemplate) return i;
        i++;
      }
    }
    return i;
  };
  code(0, false);
  return out.join("");
}

/** Index of the bracket closing the one at `open` (strings and comments already blanked). */
function closing(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if ("([{".includes(code[i]!)) depth++;
    else if (")]}".includes(code[i]!) && --depth === 0) return i;
  }
  return code.length;
}

/** The top-level members of a `{...}` body, split on commas outside nested brackets; null when it has a `;` (a block or a type literal). */
function members(body: string): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
    else if (depth === 0 && c === ";") return null;
    else if (depth === 0 && c === ",") {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

/** Object literals of a source text with a top-level `data` key: "line: literal start". */
function literalEnvelopes(text: string): { line: number; literal: string }[] {
  const code = codeOnly(text);
  const found: { line: number; literal: string }[] = [];
  for (let open = code.indexOf("{"); open >= 0; open = code.indexOf("{", open + 1)) {
    const close = closing(code, open);
    const keys = members(code.slice(open + 1, close));
    if (!keys?.some((m) => /^\s*data\s*(:|$)/.test(m))) continue;
    const before = code.slice(0, open);
    const after = code.slice(close + 1);
    // Not an object literal: import/export lists, declarations' destructuring, type positions.
    if (/\b(import|export|const|let|var|type\s+\w+\s*=|interface\s+\w+)\s*$/.test(before)) continue;
    if (/[<|&]\s*$/.test(before)) continue;
    // Destructuring assignment `{ data } = x`, or a parameter `({ data }) =>` / `({ data }: T) =>`.
    if (/^\s*=(?![=>])/.test(after) || /^\s*(:[^=]*)?\)\s*(:[^=]*)?=>/.test(after)) continue;
    found.push({ line: before.split("\n").length, literal: text.slice(open, close + 1).replace(/\s+/g, " ") });
  }
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith(".ts") ? [full] : [];
  });
}

describe("the success envelope is built in one place (server/contracts/envelope.ts)", () => {
  it("recognises literal envelopes, and lets destructuring and types through", () => {
    const lines = (src: string) => literalEnvelopes(src).map((f) => f.line);
    expect(lines(`.query(async ({ ctx, input }) => ({ data: await getSessionDetail(ctx.db, input.id) })),`)).toEqual([1]);
    expect(lines(`.mutation(async ({ ctx, input }) => ({\n  data: await setStatus(ctx.db, input.id),\n})),`)).toEqual([1]);
    expect(lines(`const sheet = await loadSheet();\nreturn { data: sheet };`)).toEqual([2]);
    expect(lines(`return { data, meta: { timestamp, requestId } };`)).toEqual([1]);
    expect(lines(`return { data: rows.map((r) => ({ ...r, at: \`\${r.at}\` })), meta: pageMeta(p, total) };`)).toEqual([1]);
    expect(lines(`return {\n  data,\n  meta: { n: data.length },\n};`)).toEqual([1]);
    expect(lines(`res.json({ ok: true, data: x });`)).toEqual([1]);
    // Not object literals.
    expect(lines(`const { data, error } = await client.emails.send(mail);`)).toEqual([]);
    expect(lines(`let { data } = x;\n({ data } = y);`)).toEqual([]);
    expect(lines(`export async function f(): Promise<{ data: Buffer; mimeType: string } | null> {}`)).toEqual([]);
    expect(lines(`type Paged = { data: string[] };\nconst f = ({ data }: Paged) => data;\nconst g = ({ data }) => data;`)).toEqual([]);
    expect(lines(`import { data } from "./x";\n// return { data: x };\nconst s = "{ data: 1 }";`)).toEqual([]);
    expect(lines(`const t = \`\${data} \${x ? \`\${data}\` : "{ data: 1 }"}\`;\nconst r = /{ data: 1 }"/;`)).toEqual([]);
    // ... while an envelope inside a template's expression is still seen, on its line.
    expect(lines(`const t = \`a\n\${JSON.stringify({ data: x })}\`;`)).toEqual([2]);
    // Other keys that merely contain "data".
    expect(lines(`return { metadata: m, dataUrl: u, items: data };`)).toEqual([]);
    expect(lines(`export const ZOut = z.object({ data: z.array(ZItem), meta: ZMeta });`)).toEqual([1]);
    expect(lines(`return one(await x());\nreturn page(rows, pageMeta(p, total));`)).toEqual([]);
  });

  it("server/api/routers, server/services and server/contracts build no envelope literally (only the allow-listed non-envelope `data` keys)", () => {
    const used = new Set<(typeof ALLOWED)[number]>();
    const offenders: string[] = [];
    for (const file of DIRS.flatMap((dir) => sources(path.join(ROOT, dir)))) {
      const rel = path.relative(ROOT, file).split(path.sep).join("/");
      if (rel === PLACE) continue;
      for (const { line, literal } of literalEnvelopes(readFileSync(file, "utf8"))) {
        const allowed = ALLOWED.find((a) => a.file === rel && literal.startsWith(a.literal));
        if (allowed) used.add(allowed);
        else offenders.push(`${rel}:${line}: ${literal.slice(0, 100)}`);
      }
    }
    // Use one(x), page(rows, meta) or withMeta(x, meta) from server/contracts/envelope.ts instead;
    // an object whose `data` key is not the response envelope goes in ALLOWED, with why.
    expect(offenders).toEqual([]);
    expect(ALLOWED.filter((a) => !used.has(a)).map((a) => `${a.file}: ${a.literal}`), "stale ALLOWED entries").toEqual([]);
  });
});
