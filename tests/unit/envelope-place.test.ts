import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The success envelope (`{data}`, `{data, meta}`) is built in ONE place: server/contracts/envelope.ts
 * (the values `one`, `page`, `withMeta` next to the schemas `envelope`, `listEnvelope`,
 * `envelopeWithMeta`). Routers and services call those constructors and never write the envelope
 * as an object literal; contracts describe it with the schema constructors.
 *
 * This scan reads every .ts file under server/api/routers, server/services, server/contracts and server/http
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
 * Object literals of a source text with a top-level `data` key: "line: literal start". Parsed by
 * the TypeScript compiler, so comments, strings, template text, regular expressions, destructuring
 * patterns (`const { data } = x`, `({ data }) =>`), imports and type literals are told apart from an
 * object literal as the compiler tells them apart.
 */
function literalEnvelopes(text: string): { line: number; literal: string }[] {
  const source = ts.createSourceFile("scan.ts", text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: { line: number; literal: string }[] = [];
  const isDataKey = (p: ts.ObjectLiteralElementLike) =>
    (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === "data";
  /** `({ data } = y)`: an assignment's target, a destructuring pattern written as an object literal. */
  const isAssignmentTarget = (node: ts.Node) =>
    ts.isBinaryExpression(node.parent) && node.parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && node.parent.left === node;
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node) && node.properties.some(isDataKey) && !isAssignmentTarget(node)) {
      const start = node.getStart(source);
      found.push({ line: source.getLineAndCharacterOfPosition(start).line + 1, literal: text.slice(start, node.end).replace(/\s+/g, " ") });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
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

  it("server/api/routers, server/services, server/contracts and server/http build no envelope literally (only the allow-listed non-envelope `data` keys)", () => {
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
