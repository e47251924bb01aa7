import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, screenshot } from "./fixtures/app";
import { ROOT_URL } from "./fixtures/urls";

test("a platform administrator creates a tenant from the root host", async ({ page }) => {
  await page.goto(`${ROOT_URL}/login`);
  await expect(page.getByRole("heading", { level: 1, name: "Administration de la plateforme" })).toBeVisible();
  await page.getByLabel("Adresse e-mail").fill("platform@admin.test");
  await page.getByLabel("Mot de passe", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Organismes" })).toBeVisible();

  const slug = `initech-${Date.now().toString(36)}`;
  await page.getByLabel("Nom de l'organisme").fill("Initech Formation");
  await page.getByLabel("Identifiant d'adresse").fill(slug);
  await page.getByLabel("Adresse e-mail").fill(`boss@${slug}.test`);
  await page.getByLabel("Prénom").fill("Bill");
  await page.getByLabel("Nom", { exact: true }).fill("Lumbergh");
  await screenshot(page, "platform-create-tenant");
  await page.getByRole("button", { name: "Créer l'organisme" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Organisme « Initech Formation » créé." })).toBeVisible();

  await page.getByRole("status").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
  await expect(page.getByText("Connectez-vous à l'espace d'Initech Formation.")).toBeVisible();
});
