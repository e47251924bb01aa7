import { expect, test } from "@playwright/test";
import { screenshot, signIn } from "./fixtures/app";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

test("a learner signs in on a phone and sees their courses with their progress", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
  await screenshot(page, "login-phone");

  await signIn(page, "learner@acme.test");
  await expect(page.getByRole("heading", { level: 1, name: "Mes formations" })).toBeVisible();
  // The seeded enrollments: SST in progress, Excel completed, each with its progress bar.
  const sst = page.getByRole("region", { name: "En cours" }).getByRole("article").filter({ hasText: "Sauveteur Secouriste du Travail" });
  await expect(sst.getByRole("progressbar")).toBeVisible();
  await expect(sst.getByRole("link", { name: /Continuer/ })).toBeVisible();
  const excel = page.getByRole("region", { name: "Terminées" }).getByRole("article").filter({ hasText: "Excel" });
  await expect(excel.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  // The page fits the phone: no horizontal scrolling.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, "learner-home-phone");

  await page.getByRole("button", { name: "Ouvrir le menu" }).click();
  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  await expect(nav.getByRole("link", { name: "Signer ma présence" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Utilisateurs" })).toHaveCount(0);
  await screenshot(page, "learner-nav-phone");
});
