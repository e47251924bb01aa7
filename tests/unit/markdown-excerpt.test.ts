import { describe, expect, it } from "vitest";
import { markdownToPlainText } from "../../components/courses/markdown";

describe("markdownToPlainText (catalogue card excerpts)", () => {
  it("keeps the words and drops the marks", () => {
    expect(markdownToPlainText("Apprendre les **bons gestes** et *alerter* les `secours`.")).toBe("Apprendre les bons gestes et alerter les secours.");
    expect(markdownToPlainText("## Objectifs\n\n- Protéger\n- Examiner\n\nPuis [alerter](https://example.test).")).toBe("Objectifs Protéger Examiner Puis alerter.");
  });

  it("drops raw HTML tags, keeps escaped characters, image alt text and ampersands as typed", () => {
    expect(markdownToPlainText("Un <b>vrai</b> \\*astérisque\\* & l'alerte ![schéma](x.png)")).toBe("Un vrai *astérisque* & l'alerte schéma");
  });

  it("drops the marks left open where the excerpt was cut, and reads empty text", () => {
    expect(markdownToPlainText("Les **bons ges")).toBe("Les bons ges");
    expect(markdownToPlainText("Le _geste")).toBe("Le geste");
    expect(markdownToPlainText("5 * 3 = 15")).toBe("5 * 3 = 15");
    expect(markdownToPlainText("")).toBe("");
  });
});
