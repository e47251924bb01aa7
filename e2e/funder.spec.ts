import { readFileSync } from "node:fs";
import { expect, test, type Download, type Page } from "@playwright/test";
import { screenshot, signIn } from "./fixtures/app";

/**
 * Issue #20 item 5: funder@acme.test belongs to AKTO, which finances Léa Petit (learner@) in SST
 * and in Excel. Their home lists those enrollments only; a file opens with its sessions, sheets,
 * attestations and documents, and each download is a PDF.
 */

async function pdfOf(download: Download): Promise<Buffer> {
  const bytes = readFileSync((await download.path())!);
  expect(bytes.length).toBeGreaterThan(1000);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return bytes;
}

async function download(page: Page, link: ReturnType<Page["getByRole"]>): Promise<Download> {
  const [d] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return d;
}

test.describe("funded files (desktop)", () => {
  test("a funder lists the enrollments they fund, opens one and downloads its sheet and attestation", async ({ page }) => {
    await signIn(page, "funder@acme.test");
    await expect(page.getByRole("heading", { level: 1, name: "Dossiers financés" })).toBeVisible();
    await expect(page.getByText("Les inscriptions qu'AKTO finance")).toBeVisible();
    const list = page.getByRole("region", { name: "Inscriptions financées" });
    const cards = list.getByRole("listitem");
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: "Sauveteur Secouriste du Travail" })).toBeVisible();
    await expect(cards.filter({ hasText: "Excel" })).toBeVisible();
    // Only AKTO's learner: learner2@ (OPCO EP) and learner3@ (no funder) are not listed.
    for (const card of await cards.all()) await expect(card).toContainText("Léa Petit");
    await expect(page.getByText("Bientôt disponible")).toHaveCount(0);
    await screenshot(page, "funder-home");

    await cards.filter({ hasText: "Sauveteur Secouriste du Travail" }).getByRole("link", { name: /Voir le dossier/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Léa Petit" })).toBeVisible();
    const sessions = page.getByRole("region", { name: "Sessions et émargement" }).getByRole("listitem");
    await expect(sessions.first()).toBeVisible();
    await screenshot(page, "funder-file");

    const first = sessions.first();
    await pdfOf(await download(page, first.getByRole("link", { name: /feuille d'émargement/ })));
    const attestation = await download(page, first.getByRole("link", { name: /attestation d'assiduité/ }));
    expect(attestation.suggestedFilename()).toMatch(/^attestation-assiduite.*\.pdf$/);
    await pdfOf(attestation);
  });
});

test.describe("funded files (phone)", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test("on a phone: the home fits, the completed Excel file gives its certificate", async ({ page }) => {
    await signIn(page, "funder@acme.test");
    await expect(page.getByRole("heading", { level: 1, name: "Dossiers financés" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Inscriptions financées" }).getByRole("listitem")).toHaveCount(2);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, "funder-home-phone");

    await page.getByRole("region", { name: "Inscriptions financées" }).getByRole("listitem").filter({ hasText: "Excel" }).getByRole("link", { name: /Voir le dossier/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Léa Petit" })).toBeVisible();
    const docs = page.getByRole("region", { name: "Certificat, convention et documents" });
    const certificate = docs.getByRole("listitem").filter({ hasText: "Certificat de réalisation" });
    await expect(certificate).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, "funder-file-phone");
    await pdfOf(await download(page, certificate.getByRole("link", { name: /Télécharger/ })));
  });
});
