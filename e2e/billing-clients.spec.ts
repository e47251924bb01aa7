import { expect, test, type Page } from "@playwright/test";
import { screenshot, signIn } from "./fixtures/app";

/**
 * Issue #12 items 1 and 2 on a phone: an admin reaches the legal identity from /settings, sees a
 * server error under the SIREN field and saves; a financier searches, filters and creates billing
 * clients in the dialog, seeing the 422 under the field it names. Desktop screenshots too.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

test.describe.configure({ mode: "serial" });

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("on a phone", () => {
  test.use(PHONE);

  test("an admin opens the legal identity from /settings, sees the SIREN error from the server, then saves", async ({ page }) => {
    await signIn(page, "admin@acme.test");
    await expect(page.getByRole("button", { name: /^Menu d/ })).toBeVisible();
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Paramètres" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Envoi des e-mails" })).toBeVisible();
    await page.getByRole("link", { name: "Identité légale et facturation" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Identité légale et facturation" })).toBeVisible();
    await expect(page.getByText("Toutes les mentions nécessaires aux factures sont renseignées.")).toBeVisible();
    await expect(page.getByText("Mention imprimée sur les factures : Exonération de TVA – article 261-4-4° a du CGI")).toBeVisible();
    const siren = page.getByRole("textbox", { name: "SIREN", exact: true });
    await expect(siren).toHaveValue("812345676");
    await expectNoHorizontalOverflow(page);
    await screenshot(page, "legal-identity-phone");

    await siren.fill("812345677");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("SIREN invalide (9 chiffres avec une clé de contrôle valide)")).toBeVisible();
    await expect(siren).toHaveAttribute("aria-invalid", "true");
    await screenshot(page, "legal-identity-error-phone");

    await siren.fill("812 345 676");
    await page.getByRole("spinbutton", { name: "Délai de paiement (jours)" }).fill("45");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Identité légale enregistrée.")).toBeVisible();
    await expect(page.getByRole("spinbutton", { name: "Délai de paiement (jours)" })).toHaveValue("45");
  });

  test("a financier searches and filters clients, then creates one in the dialog after a 422 on the SIREN", async ({ page }) => {
    await signIn(page, "finance@acme.test");
    await expect(page.getByRole("button", { name: /^Menu d/ })).toBeVisible();
    await page.goto("/billing/clients");
    await expect(page.getByRole("heading", { level: 1, name: "Clients" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Rubriques de la facturation" });
    await expect(tabs.getByRole("link", { name: "Clients" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: "Factures" })).not.toHaveAttribute("aria-current", "page");
    const table = page.getByRole("table", { name: "Liste des clients" });
    await expect(table.getByRole("cell", { name: "AKTO", exact: true })).toBeVisible();
    await expect(table.getByRole("cell", { name: /^Léa Petit/ })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, "billing-clients-phone");

    await page.getByRole("combobox", { name: "Type" }).selectOption("OPCO");
    await expect(table.getByRole("cell", { name: "AKTO", exact: true })).toBeVisible();
    await expect(table.getByRole("cell", { name: /^Léa Petit/ })).toHaveCount(0);
    await page.getByRole("combobox", { name: "Type" }).selectOption("");
    // The filter lives in the URL: wait for the list without it before the next change.
    await expect(table.getByRole("cell", { name: /^Léa Petit/ })).toBeVisible();
    await page.getByRole("searchbox", { name: "Rechercher (nom, SIREN ou SIRET)" }).fill("france");
    await page.getByRole("searchbox", { name: "Rechercher (nom, SIREN ou SIRET)" }).press("Enter");
    await expect(table.getByRole("cell", { name: "France Travail", exact: true })).toBeVisible();
    await expect(table.getByRole("cell", { name: "AKTO", exact: true })).toHaveCount(0);

    await page.getByRole("button", { name: "Nouveau client" }).click();
    const dialog = page.getByRole("dialog", { name: "Nouveau client" });
    await dialog.getByRole("textbox", { name: "Nom ou raison sociale" }).fill("Menuiserie Roux");
    await dialog.getByRole("textbox", { name: "Ville" }).fill("Grenoble");
    await dialog.getByRole("button", { name: "Créer le client" }).click();
    await expect(dialog.getByText("Un client entreprise ou OPCO doit avoir un SIREN ou un SIRET")).toBeVisible();
    await screenshot(page, "billing-clients-dialog-phone");
    await dialog.getByRole("textbox", { name: "SIREN" }).fill("404 833 048");
    await dialog.getByRole("button", { name: "Créer le client" }).click();
    await expect(page.getByText("Client « Menuiserie Roux » créé.")).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole("searchbox", { name: "Rechercher (nom, SIREN ou SIRET)" }).fill("404833");
    await page.getByRole("searchbox", { name: "Rechercher (nom, SIREN ou SIRET)" }).press("Enter");
    await expect(table.getByRole("cell", { name: "Menuiserie Roux", exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Modifier Menuiserie Roux" }).click();
    const edit = page.getByRole("dialog", { name: "Modifier le client" });
    await edit.getByRole("textbox", { name: "Code postal" }).fill("38000");
    await edit.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Client « Menuiserie Roux » enregistré.")).toBeVisible();
    await expect(table.getByRole("cell", { name: /38000 Grenoble$/ })).toBeVisible();
  });
});

test("desktop screenshots of both pages", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("button", { name: /^Menu d/ })).toBeVisible();
  await page.goto("/billing/clients");
  await expect(page.getByRole("table", { name: "Liste des clients" }).getByRole("cell", { name: "AKTO", exact: true })).toBeVisible();
  await screenshot(page, "billing-clients-desktop");
  await page.goto("/settings/legal");
  await expect(page.getByRole("textbox", { name: "SIREN", exact: true })).toHaveValue("812345676");
  await screenshot(page, "legal-identity-desktop");
});
