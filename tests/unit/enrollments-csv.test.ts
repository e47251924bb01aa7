import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "../../server/services/enrollments/csv";

describe("spreadsheet-safe CSV cells", () => {
  it.each([
    ["=1+1", "'=1+1"],
    ["+33 6 12", "'+33 6 12"],
    ["-2", "'-2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", `"'\rcmd"`],
  ])("neutralises a formula start: %j -> %j", (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it("quotes per RFC 4180 only when needed", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it("keeps numbers, empties nulls and ends lines with CRLF", () => {
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(null)).toBe("");
    expect(csvLine(["a", 1, null, undefined])).toBe("a,1,,\r\n");
  });
});
