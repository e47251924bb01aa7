import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderDocumentPdf } from "../../server/services/documents/registry";
import { renderBlocks } from "../../server/services/documents/template-body";
import { frenchChildren } from "../../server/services/documents/french-text";

/**
 * Issue #23: the PDFs are French, and much of their text is written in code (template bodies,
 * labels, schedules): every document draws its text through documents/french-text.tsx, which gives
 * it French spacing (U+202F before ? ! : ; and inside « »), as the catalogue is written.
 */
const NNBSP = "\u202f";

/**
 * The text the PDF draws, as its fonts' ToUnicode maps say (one line per text object). pdf.js
 * (tests/helpers/pdf-read.ts) gives every white space as " ", so it cannot tell U+202F from a space.
 */
function drawnText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const objects = new Map<string, { dict: string; stream: string | null }>();
  for (const m of raw.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) {
    const body = m[2]!;
    const at = body.indexOf("stream");
    let stream: string | null = null;
    if (at >= 0) {
      const start = m.index! + m[0].indexOf("stream") + (body.slice(at + 6, at + 8) === "\r\n" ? 8 : 7);
      const end = raw.indexOf("endstream", start);
      const bytes = pdf.subarray(start, end);
      try {
        stream = /\/FlateDecode/.test(body.slice(0, at)) ? inflateSync(bytes).toString("latin1") : bytes.toString("latin1");
      } catch {
        stream = null;
      }
    }
    objects.set(m[1]!, { dict: at >= 0 ? body.slice(0, at) : body, stream });
  }
  const hex = (h: string) => parseInt(h, 16);
  const unicode = (h: string) => String.fromCharCode(...h.match(/.{4}/g)!.map(hex));
  const cmaps = new Map<string, Map<number, string>>();
  for (const [num, o] of objects) {
    const ref = /\/ToUnicode (\d+) 0 R/.exec(o.dict)?.[1];
    const cmap = ref ? objects.get(ref)?.stream : null;
    if (!cmap) continue;
    const map = new Map<number, string>();
    for (const l of cmap.split("\n").map((x) => x.trim())) {
      const arr = /^<([0-9a-f]+)> <[0-9a-f]+> \[(.*)\]$/i.exec(l);
      const range = /^<([0-9a-f]+)> <([0-9a-f]+)> <([0-9a-f]+)>$/i.exec(l);
      const one = /^<([0-9a-f]+)> <([0-9a-f]+)>$/i.exec(l);
      if (arr) [...arr[2]!.matchAll(/<([0-9a-f]+)>/gi)].forEach((u, i) => map.set(hex(arr[1]!) + i, unicode(u[1]!)));
      else if (range) for (let c = hex(range[1]!); c <= hex(range[2]!); c++) map.set(c, String.fromCharCode(hex(range[3]!) + c - hex(range[1]!)));
      else if (one) map.set(hex(one[1]!), unicode(one[2]!));
    }
    cmaps.set(num, map);
  }
  const fontOf = new Map<string, Map<number, string>>();
  for (const o of objects.values()) for (const f of o.dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) if (cmaps.has(f[2]!)) fontOf.set(f[1]!, cmaps.get(f[2]!)!);
  const lines: string[] = [];
  for (const o of objects.values()) {
    if (!o.stream || !/\bTf\b/.test(o.stream)) continue;
    let font: Map<number, string> | undefined;
    let line = "";
    for (const t of o.stream.matchAll(/\/(F\d+) [\d.]+ Tf|<([0-9a-f]*)>|(ET)\b/gi)) {
      if (t[1]) font = fontOf.get(t[1]);
      else if (t[3]) {
        if (line) lines.push(line);
        line = "";
      } else if (t[2] !== undefined && font) line += (t[2].match(/.{4}/g) ?? []).map((g) => font!.get(hex(g)) ?? "?").join("");
    }
  }
  return lines.join("\n");
}

describe("frenchChildren", () => {
  it("spaces a string, and the runs of strings and numbers JSX makes, leaving elements alone", () => {
    expect(frenchChildren("Lieu : Lyon ?")).toBe(`Lieu${NNBSP}: Lyon${NNBSP}?`);
    // `Article {n} : « {title} »` arrives in pieces; the « » pair is spaced once, not doubled.
    expect(frenchChildren(["Article ", 3, " : « ", "Objet", " »"])).toBe(`Article 3${NNBSP}: «${NNBSP}Objet${NNBSP}»`);
    const bold = createElement("b", { key: "b" }, "x");
    expect(frenchChildren(["Note ", bold, " : 17"])).toEqual(["Note ", bold, `${NNBSP}: 17`]);
    expect(frenchChildren("09:00–12:30, https://acme.test/x?y=1")).toBe("09:00–12:30, https://acme.test/x?y=1");
    expect(frenchChildren(null)).toBeNull();
  });
});

describe("a template document (convocation, certificate, programme)", () => {
  it("prints the body's and the values' ? : ; with U+202F, and times and links as they are", async () => {
    const blocks = renderBlocks("# Convocation\n\nLieu : {{place}}\nDates et horaires : {{when}}\nDes questions ? Écrivez-nous : {{link}}\n\n- **Durée** : 7 h", {
      place: "Salle 2",
      when: "mardi 8 décembre 2026, 09:00–12:30 ; 7 h",
      link: "https://acme.test/s?x=1",
    });
    const pdf = Buffer.from(await renderDocumentPdf("template-document", { title: "Convocation", author: "Acme Formation", accentColor: null, blocks, footer: "Réf. : ABC" }));
    const text = drawnText(pdf);
    expect(text).toContain(`Lieu${NNBSP}: Salle 2`);
    expect(text).toContain(`Dates et horaires${NNBSP}: mardi 8 décembre 2026, 09:00–12:30${NNBSP}; 7 h`);
    expect(text).toContain(`Des questions${NNBSP}? Écrivez-nous${NNBSP}: https://acme.test/s?x=1`);
    expect(text).toContain(`${NNBSP}: 7 h`);
    expect(text).toContain(`Réf.${NNBSP}: ABC`);
    expect(text).not.toMatch(/ [?:;]/);
  }, 60_000);
});
