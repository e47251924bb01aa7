/** Small text helpers shared by the AI providers (pure functions). */

/** At most `max` characters, cut at a word boundary with an ellipsis when shortened. */
export function truncate(input: string, max: number): string {
  const s = input.replace(/\s+/g, " ").trim();
  if (s.length <= max) return s;
  const room = s.slice(0, max - 1);
  const cut = room.lastIndexOf(" ");
  const base = cut > max * 0.5 ? room.slice(0, cut) : room;
  return `${base.replace(/[\s,;:.\-–—]+$/, "")}…`;
}

/** Markdown to plain text (headings, emphasis, links, lists, code marks removed). */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, "")
    .replace(/[*_`~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

export function sentences(input: string): string[] {
  return plainText(input)
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Non-empty lines of a text, list markers removed (objectives written one per line or as a list). */
export function items(input: string | null | undefined): string[] {
  if (!input) return [];
  const lines = input
    .split(/\r?\n|;|•/)
    .map((l) => l.replace(/^\s*([-*+•]|\d+[.)])\s*/, "").trim())
    .filter(Boolean);
  return lines.length > 1 ? lines : sentences(input);
}

/** First letter upper case, trailing punctuation removed. */
export function clause(input: string): string {
  const s = input.trim().replace(/[\s.;:!,]+$/, "");
  return s ? s[0]!.toLocaleUpperCase("fr") + s.slice(1) : s;
}

export function lowerFirst(input: string): string {
  const s = input.trim();
  return s ? s[0]!.toLocaleLowerCase("fr") + s.slice(1) : s;
}

const STOPWORDS = new Set(
  (
    "a au aux avec ce ces dans de des du elle en et eux il je la le les leur lui ma mais me meme mes moi mon ne nos notre nous on ou par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une vos votre vous " +
    "c d j l m n s t y ete etre avoir fait faire plus tout tous toute toutes cette cet sans sous entre vers chez comme lors afin ainsi " +
    "the and for with from into your you are was were this that these those our its their have has will can how what when who why not all any " +
    "formation formations cours course module modules lecon lecons lesson lessons les fondamentaux"
  ).split(" "),
);

const fold = (w: string) => w.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

/** Meaningful words (no stop words, at least 3 letters), in order of first appearance. */
export function significantWords(input: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of plainText(input).split(/[^\p{L}\p{N}'’-]+/u)) {
    const w = raw.replace(/^[A-Za-zÀ-ÿ][’']/u, "").replace(/^[-'’]+|[-'’]+$/g, "");
    const key = fold(w);
    if (key.length < 3 || STOPWORDS.has(key) || /^\d+$/.test(key) || seen.has(key)) continue;
    seen.add(key);
    out.push(w.toLowerCase());
  }
  return out;
}

/** A stable small integer from a string (deterministic choices in the local provider). */
export function hashOf(input: string): number {
  let h = 2166136261;
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}
