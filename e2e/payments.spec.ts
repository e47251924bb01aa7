import { expect, test, type Page } from "@playwright/test";
import { apiToken, tenantApi } from "./fixtures/api";
import { DEMO_PASSWORD, screenshot, signIn } from "./fixtures/app";

/** Issue #12: a learner pays a paid course through the sandbox checkout (no gateway keys) and lands enrolled; the admin sees the payment. */

const EXCEL = "Excel : tableaux croisés dynamiques";

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test("a learner pays a paid course through the sandbox checkout and lands enrolled", async ({ page, request }) => {
    const admin = tenantApi(request, await apiToken(request, "acme", "admin@acme.test"));
    const email = `payeur.${Date.now().toString(36)}@acme.test`;
    const created = await admin.post("/users", { email, firstName: "Paul", lastName: "Payeur", role: "LEARNER", sendInvitation: false, password: DEMO_PASSWORD });
    expect(created.status(), await created.text()).toBe(201);

    await signIn(page, email);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto("/catalogue");
    await page.getByRole("link", { name: EXCEL }).click();
    await expect(page.getByRole("heading", { level: 1, name: EXCEL })).toBeVisible();
    const pay = page.getByRole("button", { name: "Payer et s'inscrire" });
    await expect(pay).toBeVisible();
    await noHorizontalScroll(page);
    await screenshot(page, "payments-course-phone");

    await pay.click();
    await expect(page).toHaveURL(/\/pay\/sandbox\/pay_[a-z0-9]{24}\?token=/);
    await expect(page.getByRole("heading", { level: 1, name: "Paiement sécurisé" })).toBeVisible();
    await expect(page.getByText("Mode bac à sable")).toBeVisible();
    await expect(page.getByText(EXCEL)).toBeVisible();
    await expect(page.getByText("Paul Payeur")).toBeVisible();
    await noHorizontalScroll(page);
    await screenshot(page, "payments-sandbox-phone");

    await page.getByRole("button", { name: /^Payer 450,00/ }).click();
    await expect(page).toHaveURL(/\/pay\/success\?payment=pay_/);
    await expect(page.getByRole("heading", { level: 1, name: "Inscription confirmée" })).toBeVisible();
    await expect(page.getByText(`Votre inscription à « ${EXCEL} » est confirmée.`)).toBeVisible();
    await noHorizontalScroll(page);
    await screenshot(page, "payments-success-phone");

    await page.getByRole("link", { name: "Commencer la formation" }).click();
    await expect(page).toHaveURL(/\/learn\/enr_[a-z0-9]{24}/);
    // Enrolled for real: the learner's own enrollments list it, paid through the card gateway.
    const mine = tenantApi(request, await apiToken(request, "acme", email));
    const res = await mine.get("/enrollments/me", { limit: 10 });
    expect(res.status()).toBe(200);
    const list = ((await res.json()) as { data: { status: string; paymentMethod: string; course: { title: string } }[] }).data;
    expect(list).toEqual([expect.objectContaining({ status: "ACTIVE", paymentMethod: "PSP_A_ISV", course: expect.objectContaining({ title: EXCEL }) })]);
  });
});

test("the admin lists the payments and opens one with its refunds", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/billing/payments");
  await expect(page.getByRole("heading", { level: 1, name: "Paiements" })).toBeVisible();
  const table = page.getByRole("table", { name: "Liste des paiements" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await page.getByLabel("Statut").selectOption("CAPTURED");
  const row = table.getByRole("row").filter({ hasText: "Inès" });
  await expect(row).toBeVisible();
  await screenshot(page, "payments-admin-list-desktop");
  await row.getByRole("button", { name: /Détail/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Remboursements" })).toBeVisible();
  await expect(dialog.getByText("Effectué")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Rembourser" })).toBeVisible();
  await screenshot(page, "payments-admin-detail-desktop");
  // The refund form: total by default, partial with an amount.
  await dialog.getByRole("button", { name: "Rembourser" }).click();
  await expect(dialog.getByRole("radio", { name: /Remboursement total/ })).toBeChecked();
  await dialog.getByRole("radio", { name: "Remboursement partiel" }).check();
  await expect(dialog.getByLabel("Montant à rembourser (€)")).toBeVisible();
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await dialog.getByRole("button", { name: "Fermer" }).click();
  // On a phone the list fits without horizontal scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await noHorizontalScroll(page);
  await screenshot(page, "payments-admin-list-phone");
});
