/**
 * Template bodies (conventions §12): text with {{variable}} placeholders in a small, safe
 * markdown subset. Parsed into plain blocks here (pure, no I/O) and drawn by
 * template-document.tsx; nothing is ever interpreted as HTML, links or images.
 *
 * Blocks: `# `, `## `, `### ` headings; `- ` (or `* `) list items; `---` a rule; a line that is
 * only `{{organisation.signature}}` is the signatory's signature (the image from the legal
 * identity, or a blank space to sign by hand); any other run of non-empty lines is a paragraph
 * (lines joined by a line break). Inline: `**bold**`.
 */
export type Inline = { text: string; bold: boolean };
export type Block =
  | { type: "heading"; level: 1 | 2 | 3; content: Inline[] }
  | { type: "paragraph"; lines: Inline[][] }
  | { type: "list"; items: Inline[][] }
  | { type: "rule" }
  | { type: "signature" };

/** The line that places the signature image. */
const SIGNATURE_LINE = /^\s*\{\{\s*organisation\.signature\s*\}\}\s*$/;

const PLACEHOLDER = /\{\{\s*([a-zA-Z][a-zA-Z0-9_.]{0,63})\s*\}\}/g;

/** The placeholder keys a body uses, in order of first appearance. */
export function placeholdersOf(body: string): string[] {
  return [...new Set([...body.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/**
 * Replaces every {{key}} by its value. An unknown key prints `missing(key)` (default: "[key]"),
 * so a document never silently drops a mention. Values are plain text: a value cannot inject
 * markup, because substitution happens after parsing (see renderBlocks).
 */
export function substitute(text: string, values: Record<string, string>, missing: (key: string) => string = (k) => `[${k}]`): string {
  return text.replace(PLACEHOLDER, (_, key: string) => (Object.hasOwn(values, key) ? values[key]! : missing(key)));
}

function inline(line: string, values: Record<string, string>): Inline[] {
  const parts = line.split("**");
  // An unpaired ** stays literal.
  if (parts.length % 2 === 0) parts.splice(-2, 2, `${parts[parts.length - 2]}**${parts[parts.length - 1]}`);
  const out: Inline[] = [];
  parts.forEach((part, i) => {
    if (part) out.push({ text: substitute(part, values), bold: i % 2 === 1 });
  });
  return out.length ? out : [{ text: "", bold: false }];
}

/** Parses a body and fills its placeholders. */
export function renderBlocks(body: string, values: Record<string, string>): Block[] {
  const blocks: Block[] = [];
  let paragraph: Inline[][] | null = null;
  let list: Inline[][] | null = null;
  const flush = () => {
    if (paragraph) blocks.push({ type: "paragraph", lines: paragraph });
    if (list) blocks.push({ type: "list", items: list });
    paragraph = null;
    list = null;
  };
  for (const raw of body.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      flush();
      continue;
    }
    if (SIGNATURE_LINE.test(line)) {
      flush();
      blocks.push({ type: "signature" });
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ type: "heading", level: heading[1]!.length as 1 | 2 | 3, content: inline(heading[2]!, values) });
      continue;
    }
    if (/^\s*(-{3,}|\*{3,})\s*$/.test(line)) {
      flush();
      blocks.push({ type: "rule" });
      continue;
    }
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (item) {
      if (paragraph) flush();
      (list ??= []).push(inline(item[1]!, values));
      continue;
    }
    if (list) flush();
    (paragraph ??= []).push(inline(line.trim(), values));
  }
  flush();
  return blocks;
}
