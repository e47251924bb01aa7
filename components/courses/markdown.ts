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
