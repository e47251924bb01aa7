import { expect, test } from "@playwright/test";
import { screenshot, signIn } from "./fixtures/app";

/**
 * Issue #23 item 7: one list of companies. The needs page's companies tab and its company picker
 * show the billing clients of kind COMPANY or OPCO; an analysis is run for an OPCO client.
 */
test("an admin sees the billing clients as the needs companies and runs an analysis for one", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/needs");
  await expect(page.getByRole("heading", { level: 1, name: "Analyse des besoins" })).toBeVisible();

  await page.getByRole("tab", { name: "Entreprises" }).click();
  await expect(page.getByText(/^Une seule liste\s:/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Voir les clients de facturation" })).toBeVisible();
  const list = page.getByRole("list", { name: "Entreprises clientes" });
  await expect(list.getByRole("heading", { name: "AKTO", exact: true })).toBeVisible();
  await expect(list.getByRole("heading", { name: "Boulangerie Durand SARL", exact: true })).toBeVisible();
  // An INDIVIDUAL client is not a company.
  await expect(list.getByRole("heading", { name: "Léa Petit" })).toHaveCount(0);
  await screenshot(page, "needs-companies-one-list");

  await page.getByRole("tab", { name: "Nouvelle analyse" }).click();
  const picker = page.getByRole("combobox", { name: "Entreprise", exact: true });
  await expect(picker.getByRole("option", { name: "AKTO (OPCO)" })).toHaveCount(1);
  await picker.selectOption({ label: "AKTO (OPCO)" });
  await page.getByRole("textbox", { name: "Objectif 1" }).fill("Prévenir les risques au fournil");
  await page.getByRole("textbox", { name: "Contexte" }).fill("Atelier de 12 salariés.");
  await page.getByRole("button", { name: "Analyser les besoins" }).click();
  await expect(page.getByRole("heading", { name: "Résultat de l'analyse" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sauveteur Secouriste du Travail (SST)" })).toBeVisible();
  await screenshot(page, "needs-analysis-opco-client");
});
