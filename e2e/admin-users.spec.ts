import { expect, test } from "@playwright/test";
import { screenshot, signIn } from "./fixtures/app";

test("an admin signs in, invites a user and finds them in the list", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
  await expect(page.getByText("Acme Formation").first()).toBeVisible();
  await screenshot(page, "login");

  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await screenshot(page, "admin-home");

  await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Utilisateurs" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Utilisateurs" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "learner@acme.test" })).toBeVisible();
  await screenshot(page, "users-list");

  const email = `invite-${Date.now()}@acme.test`;
  await page.getByRole("button", { name: "Inviter un utilisateur" }).click();
  const dialog = page.getByRole("dialog", { name: "Inviter un utilisateur" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Adresse e-mail").fill(email);
  await dialog.getByLabel("Prénom").fill("Camille");
  await dialog.getByLabel("Nom", { exact: true }).fill("Durand");
  await dialog.getByLabel("Rôle").selectOption("TRAINER");
  await expect(dialog.getByLabel("Envoyer l'invitation par e-mail")).toBeChecked();
  await screenshot(page, "invite-form");
  await dialog.getByRole("button", { name: "Inviter", exact: true }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: `Invitation envoyée à ${email}` })).toBeVisible();

  await page.getByRole("searchbox", { name: "Rechercher un utilisateur" }).fill(email);
  await page.getByRole("searchbox", { name: "Rechercher un utilisateur" }).press("Enter");
  await expect(page).toHaveURL(/\?q=/);
  const rows = page.getByRole("table").getByRole("row").filter({ hasText: email });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Camille Durand");
  await expect(rows.first()).toContainText("Formateur");
  await expect(rows.first()).toContainText("Invité");
  await screenshot(page, "users-search-result");
});
