import { describe, expect, it } from "vitest";
import { placeholdersOf, renderBlocks, substitute } from "../../server/services/documents/template-body";

describe("template bodies", () => {
  it("parses headings, paragraphs, lists, rules and bold, and fills placeholders after parsing", () => {
    const blocks = renderBlocks("# Titre {{a}}\n\nLigne 1 **gras {{b}}**\nLigne 2\n\n- un\n- deux {{a}}\n---\n### Fin", { a: "A", b: "**B**" });
    expect(blocks).toEqual([
      { type: "heading", level: 1, content: [{ text: "Titre A", bold: false }] },
      { type: "paragraph", lines: [[{ text: "Ligne 1 ", bold: false }, { text: "gras **B**", bold: true }], [{ text: "Ligne 2", bold: false }]] },
      { type: "list", items: [[{ text: "un", bold: false }], [{ text: "deux A", bold: false }]] },
      { type: "rule" },
      { type: "heading", level: 3, content: [{ text: "Fin", bold: false }] },
    ]);
  });

  it("keeps an unpaired ** literal and prints unknown placeholders as [key]; no HTML is interpreted", () => {
    expect(renderBlocks("a ** b", {})).toEqual([{ type: "paragraph", lines: [[{ text: "a ** b", bold: false }]] }]);
    expect(substitute("{{ x }} {{y}}", { x: "1" })).toBe("1 [y]");
    expect(renderBlocks("<b>{{x}}</b>", { x: "<i>" })).toEqual([{ type: "paragraph", lines: [[{ text: "<b><i></b>", bold: false }]] }]);
  });

  it("lists the placeholders used", () => {
    expect(placeholdersOf("{{a.b}} {{c}} {{a.b}} {{ d_e }}")).toEqual(["a.b", "c", "d_e"]);
  });
});
