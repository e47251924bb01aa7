import { expect, test } from "@playwright/test";
import { ROOT_URL, tenantUrl } from "./fixtures/urls";
import { screenshot } from "./fixtures/app";

test("an unknown tenant answers 404", async ({ page }) => {
  const response = await page.goto(`${tenantUrl("no-such-tenant")}/login`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page introuvable" })).toBeVisible();
});

test("the sign-in page switches to English and back", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("button", { name: "Français" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
});

test("a signed-out visitor of the app is sent to the sign-in page", async ({ page }) => {
  await page.goto("/users");
  await expect(page).toHaveURL(/\/login$/);
});

test("the API reference lists operations from the OpenAPI document", async ({ page }) => {
  await page.goto(`${ROOT_URL}/docs/api`);
  await expect(page.getByRole("heading", { level: 1, name: "Référence de l'API" })).toBeVisible();
  const login = page.locator("details").filter({ hasText: "/auth/login" }).first();
  await login.locator("summary").click();
  await expect(login.getByRole("button", { name: "Envoyer la requête" })).toBeVisible();
  await screenshot(page, "api-docs");
});

test("the root host's landing page: its centred column, its actions and its three features", async ({ page }) => {
  await page.goto(`${ROOT_URL}/`);
  await expect(page.getByRole("heading", { level: 1, name: "La plateforme des organismes de formation" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ouvrir l'organisme de démonstration" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 })).toHaveCount(3);
  // The column is the page's own style (page.module.css): at most 960 px, centred in a wider window.
  const main = page.locator("main#main");
  expect(await main.evaluate((el) => getComputedStyle(el).maxWidth)).toBe("960px");
  const box = (await main.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(Math.abs(box.x - (viewport.width - box.width) / 2)).toBeLessThanOrEqual(1);
  await screenshot(page, "landing");
});
