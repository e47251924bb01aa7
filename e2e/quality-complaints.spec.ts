import { expect, test, type Browser } from "@playwright/test";
import { apiToken, mailTo, tenantApi } from "./fixtures/api";
import { screenshot, signIn } from "./fixtures/app";

/**
 * Issue #11 acceptance: a public complaint on a phone → an admin assigns it → resolves it, and
 * the complainant's e-mail is in the outbox; a CRITICAL complaint opens a plan (and rings the
 * admins' bell).
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Files the public complaint form from a phone, signed out. */
async function fileOnPhone(browser: Browser, c: { subject: string; email: string; severity: string; shot?: string }) {
  const context = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("link", { name: "Une difficulté ? Déposer une réclamation" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Déposer une réclamation" })).toBeVisible();
  await page.getByLabel("Nom et prénom").fill("Claire Martin");
  await page.getByLabel("E-mail (pour la réponse)").fill(c.email);
  await page.getByLabel("Objet").fill(c.subject);
  await page.getByLabel("Catégorie").selectOption({ label: "Qualité de la formation" });
  await page.getByLabel("Gravité").selectOption({ label: c.severity });
  await page.getByLabel("Description").fill("Le support du module 2 ne correspond pas au programme annoncé.");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  if (c.shot) await screenshot(page, c.shot);
  await page.getByRole("button", { name: "Envoyer la réclamation" }).click();
  await expect(page.getByText("Votre réclamation est enregistrée. Nous vous répondrons par e-mail.")).toBeVisible();
  await context.close();
}

test("a public complaint on a phone is assigned and resolved by an admin; the complainant's answer is in the outbox", async ({ page, browser, request }) => {
  const stamp = Date.now();
  const subject = `Support incomplet ${stamp}`;
  const email = `claire.${stamp}@example.com`;
  await fileOnPhone(browser, { subject, email, severity: "Moyenne", shot: "complaint-public-phone" });

  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
  await page.goto("/quality");
  const card = page.getByTestId("complaints-NEW").getByRole("listitem").filter({ hasText: subject });
  await card.getByRole("button", { name: "Ouvrir" }).click();
  const dialog = page.getByRole("dialog", { name: subject });
  await expect(dialog.getByText("Claire Martin")).toBeVisible();
  await dialog.getByLabel("Assignée à").selectOption({ label: "Alice Martin" });
  await dialog.getByRole("button", { name: "Assigner" }).click();
  await expect(dialog.getByText("En cours d'examen").first()).toBeVisible();
  await dialog.getByLabel("Commentaire").fill("Vu avec le formateur.");
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(dialog.getByText("Vu avec le formateur.")).toBeVisible();
  await dialog.getByLabel("Réponse au réclamant").fill("Le support complet vous a été envoyé ; nous vérifions désormais chaque module avant la session.");
  await dialog.getByLabel("Actions correctives (une par ligne)").fill("Relecture des supports avant chaque session");
  await screenshot(page, "complaint-detail");
  await dialog.getByRole("button", { name: "Résoudre et notifier" }).click();
  await expect(dialog.getByText("Résolue").first()).toBeVisible();
  await expect(dialog.getByRole("listitem").filter({ hasText: "En cours d'examen → Résolue" })).toBeVisible();
  await dialog.getByRole("button", { name: "Fermer" }).last().click();
  await expect(page.getByTestId("complaints-RESOLVED").getByText(subject)).toBeVisible();

  const mail = await mailTo(request, email, "complaint-resolved");
  expect(mail.subject).toBe(`Votre réclamation : ${subject}`);
  expect(mail.text).toContain("Le support complet vous a été envoyé");
  expect(mail.text).toContain("Relecture des supports avant chaque session");
  expect(mail.text).not.toContain("Vu avec le formateur."); // internal comments never reach the complainant
});

test("a CRITICAL complaint opens a DRAFT improvement plan and rings the admins' bell", async ({ page, browser, request }) => {
  const subject = `Plateforme inaccessible ${Date.now()}`;
  // a known start: the admin has read everything
  const admin = tenantApi(request, await apiToken(request, "acme", "admin@acme.test"));
  expect((await admin.post("/notifications/read-all", {})).status()).toBe(200);
  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
  const bell = page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications (aucune non lue)");

  await fileOnPhone(browser, { subject, email: `urgent.${Date.now()}@example.com`, severity: "Critique" });

  await page.reload();
  await expect(page.getByTestId("notification-count")).toHaveText("1");
  await expect(bell).toHaveAccessibleName("Notifications (1 non lue)");
  await bell.click();
  const item = page.getByRole("link", { name: new RegExp(`Réclamation CRITIQUE : « ${subject} »`) });
  await expect(item).toBeVisible();
  await screenshot(page, "notification-bell");
  await item.click();
  const dialog = page.getByRole("dialog", { name: subject });
  await expect(dialog.getByText("Critique")).toBeVisible();
  await expect(dialog.getByText(/^Délai 24 h :/)).toBeVisible();
  await dialog.getByRole("link", { name: "Ouvrir le plan" }).click();
  const plan = page.getByTestId("plans-DRAFT").getByRole("listitem").filter({ hasText: `Réclamation : ${subject}` });
  await expect(plan).toBeVisible();
  await screenshot(page, "plans-board");
});
