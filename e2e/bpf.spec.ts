import { expect, test } from "@playwright/test";
import { screenshot, signIn } from "./fixtures/app";

/**
 * Issue #12 acceptance: an admin generates the BPF, drills into one figure and submits it. The
 * demo seeds last year's activity of acme (server/seed/bpf.ts: 4 trainees, 24.5 h,
 * 6 700,00 € HT, every frame's inputs) and its snapshot; the admin recalculates it, opens the records behind the hours,
 * records the submission with its receipt, then a recalculation asks for confirmation.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const lastYear = Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric" }).format(new Date())) - 1;

test("an admin generates the BPF, drills into the hours and submits it", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await page.getByRole("link", { name: "BPF" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Bilan pédagogique et financier" })).toBeVisible();
  await expect(page.getByRole("heading", { name: new RegExp(`Année en cours \\(${lastYear + 1}\\)`) })).toBeVisible();
  await expect(page.getByLabel("Exercice")).toHaveValue(String(lastYear));

  // Generate (the seeded snapshot is recalculated).
  await page.getByRole("button", { name: "Recalculer" }).click();
  await expect(page.getByText(`BPF ${lastYear} généré.`)).toBeVisible();
  await expect(page.getByText("Généré, non déposé")).toBeVisible();
  await expect(page.getByRole("button", { name: /Voir le détail\s:\sProduits HT/ })).toHaveText(/6\s?700,00\s€/);
  // Every frame has its data on the demo.
  await expect(page.locator("#bpf-missing")).toContainText("Toutes les données du BPF sont renseignées");

  // Drill into one figure: the hours lead to the four enrollments.
  await page.getByRole("button", { name: /Voir le détail\s:\sHeures/ }).click();
  const drill = page.getByRole("region", { name: "Détail : Heures" });
  await expect(drill).toBeVisible();
  await expect(drill.getByText("Valeur du chiffre : 24,5")).toBeVisible();
  await expect(drill.getByRole("row")).toHaveCount(5);
  await expect(drill.getByText(/Léa Petit — Sauveteur/)).toBeVisible();
  await expect(drill.getByText(/Léa Petit — Management/)).toBeVisible();
  await expect(drill.getByText(/Inès Garcia/)).toBeVisible();
  await screenshot(page, "bpf-desktop");

  // Submit with the receipt.
  await page.getByRole("button", { name: "Enregistrer le dépôt" }).click();
  const dialog = page.getByRole("dialog", { name: `Dépôt du BPF ${lastYear}` });
  await dialog.getByLabel("Numéro d'accusé de réception").fill("MAF-E2E-0001");
  await dialog.getByLabel("Notes").fill("Déposé sur Mon Activité Formation");
  await dialog.getByRole("button", { name: "Enregistrer le dépôt" }).click();
  await expect(page.getByText("Dépôt enregistré.")).toBeVisible();
  await expect(page.getByText(/accusé de réception MAF-E2E-0001/)).toBeVisible();
  await expect(page.getByText("Déposé", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Enregistrer le dépôt" })).toHaveCount(0);

  // A submitted BPF is only recalculated after a confirmation.
  await page.getByRole("button", { name: "Recalculer" }).click();
  const confirm = page.getByRole("dialog", { name: "Recalculer un BPF déposé ?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Annuler" }).click();
  await expect(page.getByText(/accusé de réception MAF-E2E-0001/)).toBeVisible();
});

test("the BPF workspace fits a phone", async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signIn(page, "finance@acme.test");
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/bpf");
  await expect(page.getByRole("heading", { level: 1, name: "Bilan pédagogique et financier" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Voir le détail\s:\sStagiaires$/ })).toBeVisible();
  await page.getByRole("button", { name: /Voir le détail\s:\sLigne 1$/ }).click();
  await expect(page.getByRole("region", { name: "Détail : Ligne 1" })).toBeVisible();
  await screenshot(page, "bpf-phone");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
  await context.close();
});

test("a missing input is named with a link to where it is entered, and entering it clears it", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await page.getByRole("link", { name: "BPF" }).first().click();
  await page.getByLabel("Exercice").selectOption(String(lastYear + 1));
  await page.getByRole("button", { name: "Générer le BPF" }).click();
  await expect(page.locator("#bpf-missing")).toContainText("Toutes les données du BPF sont renseignées");

  // Remove the SST course's NSF code, then recalculate: frame F-4 names the course and links to the courses' card.
  const sst = page.getByRole("form", { name: "Sauveteur Secouriste du Travail (SST)" });
  await sst.getByLabel("Spécialité (code NSF)").selectOption("");
  await sst.getByRole("button", { name: "Enregistrer" }).click();
  await expect(sst.getByRole("status")).toHaveText("Enregistré");
  await page.getByRole("button", { name: "Recalculer" }).click();
  const missing = page.locator("#bpf-missing");
  await expect(missing).toContainText("Cadre F-4 — code NSF des formations : Sauveteur Secouriste du Travail (SST)");
  const link = missing.getByRole("link", { name: "Saisir" });
  await expect(link).toHaveAttribute("href", "/bpf#bpf-courses");
  await screenshot(page, "bpf-missing-input");
  await link.click();
  await expect(page).toHaveURL(/#bpf-courses$/);
  await expect(page.getByRole("heading", { name: "Cadres F-3 et F-4 — objectif et spécialité des formations" })).toBeInViewport();

  // Enter it again: nothing left to complete.
  await sst.getByLabel("Spécialité (code NSF)").selectOption("344");
  await sst.getByRole("button", { name: "Enregistrer" }).click();
  await expect(sst.getByRole("status")).toHaveText("Enregistré");
  await page.getByRole("button", { name: "Recalculer" }).click();
  await expect(missing).toContainText("Toutes les données du BPF sont renseignées");
});
