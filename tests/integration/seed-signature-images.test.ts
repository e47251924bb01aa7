import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../helpers/api";
import { fetchBytes, isPdf, pdfText } from "../helpers/documents";
import { seedDemoData, tokenFor } from "../factories";

let api: TestApi;
const tok: Record<string, string> = {};

beforeAll(async () => {
  api = await startApi();
  await seedDemoData(api.db);
  for (const t of ["acme", "globex"]) tok[t] = await tokenFor(api, t, "admin");
});
afterAll(() => api.close());

/** `pdfimages -list` rows: one per image drawn in the PDF (poppler-utils). */
function pdfImages(pdf: Buffer): { width: number; height: number; type: string }[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sig-test-"));
  try {
    const file = path.join(dir, "sheet.pdf");
    writeFileSync(file, pdf);
    const out = execFileSync("pdfimages", ["-list", file], { encoding: "utf8" });
    return out
      .trim()
      .split("\n")
      .slice(2)
      .map((row) => row.trim().split(/\s+/))
      .map((cols) => ({ type: cols[2]!, width: Number(cols[3]), height: Number(cols[4]) }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("demo drawn signatures print on the attendance sheet", () => {
  for (const tenant of ["acme", "globex"]) {
    it(`${tenant}: the past full-day session's sheet carries the drawn signatures as images`, async () => {
      const sessions = (await api.call("GET", "/sessions?limit=100&status=ENDED", { tenant, token: tok[tenant] })).body.data as { id: string; title: string }[];
      const day1 = sessions.find((s) => s.title.includes("journée 1"))!;
      expect(day1).toBeDefined();
      const records = (await api.call("GET", `/emargement/${day1.id}`, { tenant, token: tok[tenant] })).body.data as { method: string; signatureUrl: string | null }[];
      const canvas = records.filter((r) => r.method === "CANVAS");
      expect(canvas.length).toBeGreaterThan(0);

      // The stored image itself is a real PNG of the drawn stroke.
      const img = await fetchBytes(api, "GET", canvas[0]!.signatureUrl!, { tenant, token: tok[tenant] });
      expect(img.status).toBe(200);
      expect(img.bytes.subarray(1, 4).toString("latin1")).toBe("PNG");

      const pdf = await fetchBytes(api, "GET", `/emargement/${day1.id}/pdf`, { tenant, token: tok[tenant] });
      expect(pdf.status).toBe(200);
      expect(isPdf(pdf.bytes)).toBe(true);
      const text = pdfText(pdf.bytes);
      expect(text).not.toContain("indisponible");
      const images = pdfImages(pdf.bytes).filter((i) => i.type === "image");
      expect(images.length).toBeGreaterThanOrEqual(canvas.length);
      for (const i of images) expect(i.width).toBeGreaterThan(100);
    });
  }
});
