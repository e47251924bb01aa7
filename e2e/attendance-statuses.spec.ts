import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { pdfPagesLines } from "../tests/helpers/pdf-read";
import { apiToken, tenantApi } from "./fixtures/api";
import { screenshot, signIn } from "./fixtures/app";

/**
 * Issue #10: an admin marks a learner EXCUSED_ABSENCE on a past session of the demo data with a
 * justification, sees it on the attendance page, downloads the sheet PDF and reads in it (with
 * pdfjs-dist, tests/helpers/pdf-read.ts) "Absence justifiée" on that learner's row; the learner's attestation downloads from
 * the same page. Desktop and phone screenshots.
 */
const PAST = "SST — révision et évaluation";
const LEARNER = "Inès Garcia";
const JUSTIFICATION = "Arrêt de travail transmis par l'employeur le lendemain";
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: "serial" });

let sessionId = "";

test.beforeAll(async ({ request }) => {
  const api = tenantApi(request, await apiToken(request, "acme", "admin@acme.test"));
  const res = await api.get("/sessions", { limit: 100 });
  expect(res.status()).toBe(200);
  const found = ((await res.json()) as { data: { id: string; title: string }[] }).data.find((s) => s.title === PAST);
  expect(found, PAST).toBeTruthy();
  sessionId = found!.id;
});

/** The printed lines of the PDF (like pdftotext -layout), joined by new lines. */
async function pdfToText(file: string): Promise<string> {
  return (await pdfPagesLines(await readFile(file))).flat().join("\n");
}

async function expectNoSideScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test("an admin records an excused absence; the page and the PDF say so", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
  await page.goto(`/sessions/${sessionId}/attendance`);
  const table = page.getByRole("table", { name: "Présence des apprenants" });
  const row = table.getByRole("row").filter({ hasText: LEARNER });
  await expect(row).toContainText("Absent");

  await row.getByRole("button", { name: `Corriger — ${LEARNER}` }).click();
  const dialog = page.getByRole("dialog", { name: new RegExp(`^Corriger la présence d.${LEARNER}`) });
  await dialog.getByLabel("Absence justifiée").check();
  await dialog.getByLabel("Motif de la correction").fill(JUSTIFICATION);
  await dialog.getByRole("button", { name: "Enregistrer la correction" }).click();
  await expect(dialog).toBeHidden();

  await expect(row.locator("[data-status]").first()).toHaveText("Absence justifiée");
  await expect(row).toContainText(`Justificatif : ${JUSTIFICATION}`);
  await expect(row).toContainText("Corrigé par Alice Martin");
  await expect(page.getByTestId("count-EXCUSED_ABSENCE")).toContainText("1");
  await screenshot(page, "attendance-statuses-desktop");

  // The sheet PDF: the learner's row says "Absence justifiée", and the justification is printed.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Télécharger la feuille d'émargement (PDF)" }).click();
  const download = await downloading;
  const text = await pdfToText(await download.path());
  const line = text.split("\n").find((l) => /^\s*\d+\s+GARCIA Inès\s/.test(l));
  expect(line, text.slice(0, 2000)).toBeDefined();
  expect(line!.trimEnd().endsWith("Absence justifiée")).toBe(true);
  expect(text.replace(/\s+/g, " ")).toContain(`« ${JUSTIFICATION} »`);

  // The learner's attestation d'assiduité.
  const attesting = page.waitForEvent("download");
  await row.getByRole("link", { name: `Attestation d'assiduité d'${LEARNER} (PDF)` }).click();
  const attestation = await attesting;
  expect(attestation.suggestedFilename()).toMatch(/^attestation-assiduite-.*\.pdf$/);
  expect((await pdfToText(await attestation.path())).replace(/\s+/g, " ")).toContain("Absence justifiée");
});

test("the attendance page on a phone", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("navigation", { name: "Navigation principale" }).or(page.getByRole("button", { name: "Ouvrir le menu" }))).toBeVisible();
  await page.goto(`/sessions/${sessionId}/attendance`);
  await expect(page.getByTestId("attendance-learner").filter({ hasText: LEARNER })).toContainText("Absence justifiée");
  await expectNoSideScroll(page);
  await screenshot(page, "attendance-statuses-phone");
  await page.getByTestId("attendance-learner").filter({ hasText: LEARNER }).getByRole("button", { name: `Corriger — ${LEARNER}` }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoSideScroll(page);
  await screenshot(page, "attendance-statuses-phone-dialog");
});
