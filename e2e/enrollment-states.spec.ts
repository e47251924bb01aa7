import { expect, test, type Page } from "@playwright/test";
import { screenshot, signIn } from "./fixtures/app";

/**
 * Issue 9 item 3: an admin suspends a learner's enrollment (confirmation dialog with a reason),
 * the learner on a phone sees a notice instead of the player, the admin reactivates it and the
 * learner is back in the course.
 */
const SST = "Sauveteur Secouriste du Travail";
const LEARNER = "learner2@acme.test";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Signs in and waits until the sign-in page has been left (the session is set). */
async function signedIn(page: Page, email: string) {
  await signIn(page, email);
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
}

function sstRow(page: Page) {
  return page.locator("tbody tr").filter({ hasText: LEARNER }).filter({ hasText: SST });
}

test("admin suspends, the learner sees the notice on a phone, admin reactivates", async ({ page, browser }) => {
  await signedIn(page, "admin@acme.test");
  await page.goto("/enrollments");
  await expect(page.getByRole("heading", { level: 1, name: "Inscriptions" })).toBeVisible();
  const row = sstRow(page);
  await expect(row.getByText("En cours", { exact: true })).toBeVisible();

  await row.getByRole("button", { name: /^Suspendre/ }).click();
  const dialog = page.getByRole("dialog", { name: "Suspendre l'inscription" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Motif").fill("Dossier de financement OPCO incomplet");
  await screenshot(page, "enrollment-suspend-dialog");
  await dialog.getByRole("button", { name: "Suspendre" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "est suspendue" })).toBeVisible();
  await expect(row.getByText("Suspendue", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: /^Réactiver/ })).toBeVisible();
  await screenshot(page, "enrollments-suspended");

  // the learner, on a phone: a notice instead of the course
  const phone = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL, locale: "fr-FR" });
  const learner = await phone.newPage();
  await signedIn(learner, LEARNER);
  await expect(learner.getByRole("heading", { level: 1, name: "Mes formations" })).toBeVisible();
  const card = learner.getByRole("article").filter({ hasText: SST });
  await expect(card.getByText("Suspendue", { exact: true })).toBeVisible();
  await screenshot(learner, "learner-home-suspended-phone");
  await card.getByRole("link", { name: /Accès suspendu/ }).click();
  await expect(learner.getByRole("heading", { name: "Inscription suspendue" })).toBeVisible();
  await expect(learner.getByText("Motif : Dossier de financement OPCO incomplet")).toBeVisible();
  await expect(learner.getByRole("link", { name: /Continuer|Commencer/ })).toHaveCount(0);
  const overflow = await learner.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(learner, "learner-suspended-notice-phone");
  const enrollmentUrl = learner.url();

  // admin reactivates
  await row.getByRole("button", { name: /^Réactiver/ }).click();
  const again = page.getByRole("dialog", { name: "Réactiver l'inscription" });
  await again.getByRole("button", { name: "Réactiver" }).click();
  await expect(again).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "est réactivée" })).toBeVisible();
  await expect(row.getByText("En cours", { exact: true })).toBeVisible();

  // the learner is back in the course
  await learner.goto(enrollmentUrl);
  await expect(learner.getByRole("heading", { name: "Inscription suspendue" })).toHaveCount(0);
  await expect(learner.getByRole("link", { name: /Continuer|Commencer/ })).toBeVisible();
  await screenshot(learner, "learner-reactivated-phone");
  await phone.close();
});

test("on a phone, the admin's revoke dialog requires a reason", async ({ browser }) => {
  const phone = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL, locale: "fr-FR" });
  const page = await phone.newPage();
  await signedIn(page, "admin@acme.test");
  await page.goto("/enrollments");
  const row = sstRow(page);
  await row.getByRole("button", { name: /^Révoquer/ }).click();
  const dialog = page.getByRole("dialog", { name: "Révoquer l'inscription" });
  await dialog.getByRole("button", { name: "Révoquer définitivement" }).click();
  await expect(dialog.getByText("Indiquez le motif de la révocation.")).toBeVisible();
  await screenshot(page, "enrollment-revoke-dialog-phone");
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText("En cours", { exact: true })).toBeVisible();
  await phone.close();
});
