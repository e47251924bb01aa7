import { expect, test } from "@playwright/test";
import { screenshot, signIn } from "./fixtures/app";

/**
 * Issue #12 acceptance: an admin generates the BPF, drills into one figure and submits it. The
 * demo seeds last year's activity of acme (server/db/seed/bpf.ts: 3 trainees, 17.5 h,
 * 5 200,00 € HT) and its snapshot; the admin recalculates it, opens the records behind the hours,
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
  await expect(page.getByRole("button", { name: "Voir le détail de Produits HT" })).toHaveText(/5\s?200,00\s€/);

  // Drill into one figure: the hours lead to the three enrollments.
  await page.getByRole("button", { name: "Voir le détail de Heures" }).click();
  const drill = page.getByRole("region", { name: "Détail : Heures" });
  await expect(drill).toBeVisible();
  await expect(drill.getByText("Valeur du chiffre : 17,5")).toBeVisible();
  await expect(drill.getByRole("row")).toHaveCount(4);
  await expect(drill.getByText(/Léa Petit/)).toBeVisible();
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
  await expect(page.getByRole("button", { name: "Voir le détail de Stagiaires" })).toBeVisible();
  await page.getByRole("button", { name: "Voir le détail de Ligne 1", exact: true }).click();
  await expect(page.getByRole("region", { name: "Détail : Ligne 1" })).toBeVisible();
  await screenshot(page, "bpf-phone");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
  await context.close();
});
