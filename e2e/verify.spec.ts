import { createHash } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { apiToken, tenantApi } from "./fixtures/api";
import { screenshot } from "./fixtures/app";
import { tenantUrl } from "./fixtures/urls";

/**
 * Issue #20 item 4: documents anyone can verify. The trainer downloads the sheet of a past session
 * of the demo; a person with no account opens, on a phone, the address printed on it (its QR
 * code's link), reads the issuer, the document and its SHA-256, the chain verification, then
 * drops the file itself (hashed in the browser): the issued file is "conforme", a copy with one
 * byte changed is not. Screenshots at 390 px and on a desktop.
 */
const PAST = "SST — révision et évaluation";
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: "serial" });

let pdf: Buffer;
let verifyUrl = "";

test.beforeAll(async ({ request }) => {
  const api = tenantApi(request, await apiToken(request, "acme", "trainer@acme.test"));
  const res = await api.get("/sessions", { limit: 100 });
  expect(res.status()).toBe(200);
  const session = ((await res.json()) as { data: { id: string; title: string }[] }).data.find((s) => s.title === PAST);
  expect(session, PAST).toBeTruthy();
  const file = await api.get(`/emargement/${session!.id}/pdf`);
  expect(file.status()).toBe(200);
  pdf = Buffer.from(await file.body());
  // The printed code's address: the QR code is a link, its URI is plain text in the PDF.
  const uri = /\/URI \((https?:\/\/[^)]+\/verify\/([2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}))\)/.exec(pdf.toString("latin1"));
  expect(uri, "the verification link in the sheet").toBeTruthy();
  verifyUrl = uri![1]!;
  expect(verifyUrl.startsWith(`${tenantUrl("acme")}/verify/`)).toBe(true);
});

async function expectNoSideScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test("the printed code opens the verification without login; the issued file matches, a changed one does not", async ({ page }) => {
    await page.goto(verifyUrl);
    await expect(page.getByRole("heading", { level: 1, name: "Vérification d'un document" })).toBeVisible();
    await expect(page.getByText("Document émis par Acme Formation")).toBeVisible();
    await expect(page.getByText("Feuille d'émargement", { exact: true })).toBeVisible();
    await expect(page.getByTestId("verify-code")).toHaveText(verifyUrl.split("/").pop()!);
    await expect(page.getByTestId("verify-sha256")).toHaveText(createHash("sha256").update(pdf).digest("hex"));
    await expect(page.getByRole("heading", { name: "Chaîne d'émargement" })).toBeVisible();
    await expect(page.getByText(/^Intègre\s:/)).toBeVisible();
    await expectNoSideScroll(page, PHONE.width);
    await screenshot(page, "verify-sheet-phone");

    await page.getByTestId("verify-file").setInputFiles({ name: "feuille.pdf", mimeType: "application/pdf", buffer: pdf });
    const result = page.getByTestId("verify-result");
    await expect(result).toHaveAttribute("data-matches", "true");
    await expect(result).toContainText("Fichier conforme");
    await screenshot(page, "verify-sheet-match-phone");

    const changed = Buffer.from(pdf);
    const at = Math.floor(changed.length / 2);
    changed[at] = changed[at]! ^ 0x01;
    await page.getByTestId("verify-file").setInputFiles({ name: "feuille-modifiee.pdf", mimeType: "application/pdf", buffer: changed });
    await expect(result).toHaveAttribute("data-matches", "false");
    await expect(result).toContainText("Fichier différent");
    await screenshot(page, "verify-sheet-mismatch-phone");
  });

  test("an unknown code says so in French (404)", async ({ page }) => {
    const res = await page.goto("/verify/2345-6789-ABCD");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Code inconnu" })).toBeVisible();
    await expect(page.getByText(/n'a été émis avec ce code/)).toBeVisible();
    await screenshot(page, "verify-unknown-phone");
  });
});

test("on a desktop: the same page, and another tenant's host does not know the code", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(verifyUrl);
  await expect(page.getByTestId("verify-sha256")).toBeVisible();
  await screenshot(page, "verify-sheet-desktop");
  const res = await page.goto(verifyUrl.replace(tenantUrl("acme"), tenantUrl("globex")));
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Code inconnu" })).toBeVisible();
});
