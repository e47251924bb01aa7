import { Marked, type Tokens } from "marked";

/**
 * Markdown -> safe HTML for previews and lesson pages. marked escapes text and attributes;
 * on top of that, raw HTML in the source is shown as text (never interpreted) and links or
 * images whose URL is not http(s), mailto or relative are dropped (their text is kept).
 */
export function isSafeUrl(raw: string): boolean {
  const url = raw.replace(/[\u0000-\u0020\u007f]/g, "");
  const head = url.split(/[/?#]/, 1)[0] ?? "";
  // An entity before the first "/?#" could spell a scheme ("javascript&#58;"): refuse it.
  if (head.includes("&")) return false;
  if (!head.includes(":")) return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(head)?.[1]?.toLowerCase();
  return scheme === "http" || scheme === "https" || scheme === "mailto";
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const safeMarked = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    link(token: Tokens.Link) {
      if (isSafeUrl(token.href)) return false;
      return this.parser.parseInline(token.tokens);
    },
    image(token: Tokens.Image) {
      if (isSafeUrl(token.href)) return false;
      return escapeHtml(token.text);
    },
  },
});

export function renderMarkdown(source: string): string {
  return safeMarked.parse(source, { async: false });
}

type AnyToken = { type: string; text?: string; tokens?: AnyToken[]; items?: AnyToken[]; header?: { tokens: AnyToken[] }[]; rows?: { tokens: AnyToken[] }[][] };

/** Emphasis marks left open where an excerpt was cut ("Les **bons ges") are not words. */
const dropStrayMarks = (text: string) => text.replace(/\*\*|__|~~/g, "").replace(/(^|\s)[*_](?=\S)/g, "$1");

function plainText(tokens: AnyToken[], out: string[]): void {
  for (const token of tokens) {
    if (token.type === "html" || token.type === "space" || token.type === "hr") continue;
    if (token.type === "br") out.push(" ");
    else if (token.items) plainText(token.items, out);
    else if (token.header || token.rows) {
      for (const cell of [...(token.header ?? []), ...(token.rows ?? []).flat()]) plainText(cell.tokens, out);
    } else if (token.tokens) plainText(token.tokens, out);
    else if (token.type === "text" && token.text !== undefined) out.push(dropStrayMarks(token.text));
    else if (token.text !== undefined) out.push(token.text);
    // Each block (paragraph, heading, list item, code) ends with a space between it and the next.
    if (token.type !== "text" && token.type !== "escape" && token.type !== "codespan" && token.type !== "strong" && token.type !== "em" && token.type !== "del" && token.type !== "link") out.push(" ");
  }
}

/**
 * The words of a Markdown text without its marks ("Les **bons gestes**" -> "Les bons gestes"),
 * for a short excerpt (a catalogue card). Raw HTML tags are dropped; images keep their
 * alternative text. Plain text: React escapes it when it is shown.
 */
export function markdownToPlainText(source: string): string {
  const out: string[] = [];
  plainText(safeMarked.lexer(source) as AnyToken[], out);
  return out.join("").replace(/\s+/g, " ").trim();
}
