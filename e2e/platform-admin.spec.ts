import { expect, test, type Page } from "@playwright/test";
import { apiToken } from "./fixtures/api";
import { DEMO_PASSWORD, screenshot, signIn } from "./fixtures/app";
import { ROOT_URL, tenantUrl } from "./fixtures/urls";

async function platformSignIn(page: Page) {
  await page.goto(`${ROOT_URL}/login`);
  await page.getByLabel("Adresse e-mail").fill("platform@admin.test");
  await page.getByLabel("Mot de passe", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Organismes" })).toBeVisible();
}

test("the platform administrator lists every tenant, edits one, suspends it and reactivates it", async ({ page, request }) => {
  await platformSignIn(page);
  const list = page.getByRole("table", { name: "Organismes de la plateforme" });
  await expect(list.getByRole("row").filter({ hasText: "Acme Formation" })).toBeVisible();
  await expect(list.getByRole("row").filter({ hasText: "Globex Training" })).toBeVisible();

  // A tenant of this test only, so that the suspension never touches the other specs' tenants.
  const slug = `vandelay-${Date.now().toString(36)}`;
  await page.getByLabel("Nom de l'organisme").fill("Vandelay Industries");
  await page.getByLabel("Identifiant d'adresse").fill(slug);
  await page.getByRole("button", { name: "Créer l'organisme" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Organisme « Vandelay Industries » créé." })).toBeVisible();
  // The new tenant comes first in the list of every tenant.
  await expect(list.locator("tbody tr").first()).toContainText(slug);
  await screenshot(page, "platform-tenants-desktop");

  await page.getByRole("searchbox", { name: "Rechercher un organisme" }).fill(slug);
  await page.getByRole("button", { name: "Rechercher", exact: true }).click();
  const row = list.getByRole("row").filter({ hasText: slug });
  await expect(row).toHaveCount(1);
  await expect(list.getByRole("row").filter({ hasText: "Acme Formation" })).toHaveCount(0);
  await expect(row.getByText("Actif", { exact: true })).toBeVisible();

  // Edit: the display name.
  await row.getByRole("button", { name: "Modifier Vandelay Industries" }).click();
  const editor = page.getByRole("dialog", { name: "Modifier l'organisme" });
  await expect(editor.getByLabel("Nom légal")).toHaveValue("Vandelay Industries");
  await editor.getByLabel("Nom affiché").fill("Vandelay Import-Export");
  await editor.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Organisme « Vandelay Import-Export » enregistré." })).toBeVisible();
  await expect(row.getByText("Vandelay Import-Export")).toBeVisible();

  // Suspend, after confirming.
  await row.getByRole("button", { name: "Suspendre Vandelay Import-Export" }).click();
  const confirm = page.getByRole("dialog", { name: "Suspendre « Vandelay Import-Export » ?" });
  await expect(confirm).toBeVisible();
  await screenshot(page, "platform-suspend-confirm");
  await confirm.getByRole("button", { name: "Suspendre l'organisme" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Organisme « Vandelay Import-Export » suspendu." })).toBeVisible();
  await expect(row.getByText("Suspendu", { exact: true })).toBeVisible();

  // The suspended tenant: its pages say so, its API answers 403 with a clear message.
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`${tenantUrl(slug)}/login`);
  await expect(visitor.getByRole("heading", { level: 1, name: "Organisme suspendu" })).toBeVisible();
  await expect(visitor.getByText("L'espace « Vandelay Import-Export » est suspendu")).toBeVisible();
  await screenshot(visitor, "tenant-suspended");
  const refused = await request.get(`${ROOT_URL}/api/v1/courses`, { headers: { "X-Tenant-ID": slug } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe("This organisation is suspended");

  // Reactivate: everything answers again.
  await row.getByRole("button", { name: "Réactiver Vandelay Import-Export" }).click();
  await page.getByRole("dialog", { name: "Réactiver « Vandelay Import-Export » ?" }).getByRole("button", { name: "Réactiver l'organisme" }).click();
  await expect(row.getByText("Actif", { exact: true })).toBeVisible();
  expect((await request.get(`${ROOT_URL}/api/v1/courses`, { headers: { "X-Tenant-ID": slug } })).status()).toBe(200);
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
  await visitor.close();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test("the platform list stays usable", async ({ page }) => {
    await platformSignIn(page);
    const acme = page.getByRole("table", { name: "Organismes de la plateforme" }).getByRole("row").filter({ hasText: "Acme Formation" });
    await expect(acme.getByRole("button", { name: "Suspendre Acme Formation" })).toBeVisible();
    await expect(acme.getByRole("button", { name: "Modifier Acme Formation" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "platform-tenants-phone");
  });

  test("an ADMIN reads the administration actions, filtered by person and action", async ({ page }) => {
    await signIn(page, "admin@acme.test");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
    await page.goto("/activity?tab=admin");
    await expect(page.getByRole("heading", { level: 1, name: "Journal d'activité" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Actions d'administration" })).toHaveAttribute("aria-current", "page");
    const table = page.getByRole("table", { name: "Actions d'administration" });
    // The newest administration actions of the demo (conventions, BPF inputs, invoices…): the first page is full.
    await expect(table.locator("tbody tr").first()).toBeVisible();
    // Sign-ins are not administration actions.
    await expect(table.getByText("Connexion", { exact: true })).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "activity-admin-actions-phone");

    await page.getByLabel("Personne").selectOption({ label: "Alice Martin (admin@acme.test)" });
    await page.getByLabel("Action", { exact: true }).selectOption({ label: "— Émargement corrigé" });
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(/action=emargement\.override/);
    // The demo data's attendance correction, by the ADMIN, with its reason.
    const override = table.getByRole("row").filter({ hasText: "Émargement corrigé" }).first();
    await expect(override).toBeVisible();
    await expect(override).toContainText("Alice Martin");
    await expect(override).toContainText("Motif :");
    await expect(table.locator("tbody tr").filter({ hasNotText: "Émargement corrigé" })).toHaveCount(0);
    await expect(table.locator("tbody tr").filter({ hasNotText: "Alice Martin" })).toHaveCount(0);

    await page.getByLabel("Action", { exact: true }).selectOption({ label: "Connexions et sécurité" });
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(table.getByRole("row").filter({ hasText: "Connexion" }).first()).toBeVisible();
  });
});

test("an ADMIN sees a role change on the activity screen (desktop)", async ({ page, request }) => {
  const token = await apiToken(request, "acme", "admin@acme.test");
  const headers = { Authorization: `Bearer ${token}`, "X-Tenant-ID": "acme" };
  const users = await request.get(`${ROOT_URL}/api/v1/users?q=learner3`, { headers });
  const learner3 = ((await users.json()) as { data: { id: string; role: string }[] }).data[0]!;
  expect(learner3.role).toBe("LEARNER");
  // A role change and its undoing, through the API.
  expect((await request.patch(`${ROOT_URL}/api/v1/users/${learner3.id}`, { headers, data: { role: "TRAINER" } })).status()).toBe(200);
  expect((await request.patch(`${ROOT_URL}/api/v1/users/${learner3.id}`, { headers, data: { role: "LEARNER" } })).status()).toBe(200);

  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await page.goto("/activity");
  await page.getByRole("link", { name: "Actions d'administration" }).click();
  await expect(page).toHaveURL(/tab=admin/);
  await page.getByLabel("Action", { exact: true }).selectOption({ label: "— Rôle modifié" });
  await page.getByRole("button", { name: "Filtrer" }).click();
  const row = page.getByRole("table", { name: "Actions d'administration" }).getByRole("row").filter({ hasText: "Rôle modifié" }).first();
  await expect(row).toContainText("Alice Martin");
  await expect(row).toContainText("Rôle : Formateur → Apprenant");
  await screenshot(page, "activity-admin-actions-desktop");

});

test.describe("administration log wording", () => {
  test("the administration log words every action and detail, says its time zone and shows no id, on desktop and phone", async ({ page }) => {
    await signIn(page, "admin@acme.test");
    await expect(page).not.toHaveURL(/\/login/);
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      await page.goto("/activity?tab=admin");
      const table = page.getByRole("table", { name: "Actions d'administration" });
      await expect(table.locator("tbody tr").first()).toBeVisible();
      await expect(page.getByTestId("time-zone-note")).toHaveText("Heure de Paris (fuseau de l'organisme)");
      const text = await table.innerText();
      // No raw event key (invoice.creditNoteIssued, payment.intent_created…) and no identifier.
      expect(text).not.toMatch(/\b(?:invoice|payment|improvementPlan|complaint|convention|bpf|user|session|tenant|webhook|template|mail_configuration|billing_client|company|funder|enrollment|emargement|adaptivePath|needs_analysis|legal_identity)\.[a-zA-Z_]+/);
      expect(text).not.toMatch(/\b(?:pay|imp|inv|crs|enr|usr|cpl|ses|aud)_[a-z0-9]{6,}/);
      await screenshot(page, viewport.width > 500 ? "activity-admin-words" : "activity-admin-words-phone");
      await page.goto("/activity");
      await expect(page.getByTestId("time-zone-note")).toBeVisible();
    }
  });
});
