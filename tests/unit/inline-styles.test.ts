import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue #23 (the house): the look of a screen lives in its CSS module, not in inline `style={{…}}`
 * objects. An inline style may only carry a value computed at render time, as a CSS custom property
 * (`style={{ "--pct": `${value}%` }}`, read by the module) or a computed object (`style={brandStyle(…)}`).
 * This scan fails on an object literal with a plain CSS property (`padding`, `fontSize`…).
 */
const ROOT = path.join(import.meta.dirname, "../..");
const DIRS = ["components", "app"];

/** The body of each `style={{ … }}` object literal (braces balanced, so `${…}` in a template stays inside), with its line. */
function styleLiterals(text: string): { line: number; body: string }[] {
  const out: { line: number; body: string }[] = [];
  for (const m of text.matchAll(/style=\{\{/g)) {
    const start = m.index + m[0].length;
    let depth = 1;
    let i = start;
    for (; i < text.length && depth > 0; i++) depth += text[i] === "{" ? 1 : text[i] === "}" ? -1 : 0;
    // Nested values (`${…}`, objects) are blanked so only the literal's own keys remain.
    let body = text.slice(start, i - 1);
    while (/\{[^{}]*\}/.test(body)) body = body.replace(/\{[^{}]*\}/g, "");
    out.push({ line: text.slice(0, m.index).split("\n").length, body });
  }
  return out;
}

/** The property names of each `style={{ … }}` literal of a source text that are not custom properties: "line: name". */
function staticStyles(text: string): string[] {
  const found: string[] = [];
  for (const { line, body } of styleLiterals(text)) {
    for (const key of body.matchAll(/(?:^|,)\s*(?:"([^"]+)"|'([^']+)'|([A-Za-z_$][\w$]*))\s*:/g)) {
      const name = key[1] ?? key[2] ?? key[3]!;
      if (!name.startsWith("--")) found.push(`${line}: ${name}`);
    }
  }
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith(".tsx") ? [full] : [];
  });
}

describe("no static inline style in the UI", () => {
  it("recognises a static inline style, and lets custom properties through", () => {
    expect(staticStyles(`<div className="muted" style={{ padding: "0.25rem 0.75rem", fontSize: "0.85rem", overflowWrap: "anywhere" }}>`)).toEqual(["1: padding", "1: fontSize", "1: overflowWrap"]);
    expect(staticStyles(`<span style={{ "--pct": \`\${value}%\` }} />\n<i style={{ "--swatch": c, 'color': c }} />`)).toEqual(["2: color"]);
    expect(staticStyles(`<div style={brandStyle(colour)} />`)).toEqual([]);
    // A template literal inside does not hide the properties beside it.
    expect(staticStyles(`<b style={{ "--pct": \`\${p * 100}%\`, width: \`\${w}px\` }} />`)).toEqual(["1: width"]);
  });

  it("components/ and app/ set only custom properties inline", () => {
    const offenders = DIRS.flatMap((dir) => sources(path.join(ROOT, dir))).flatMap((file) =>
      staticStyles(readFileSync(file, "utf8")).map((hit) => `${path.relative(ROOT, file)}:${hit}`),
    );
    expect(offenders).toEqual([]);
  });
});
