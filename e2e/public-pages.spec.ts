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
