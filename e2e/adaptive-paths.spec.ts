import { expect, test } from "@playwright/test";
import { apiToken, sstCourseId, tenantApi } from "./fixtures/api";
import { signIn } from "./fixtures/app";

/**
 * Adaptive paths (issue #11 item 3): on a phone, the SST course's creator opens the "Parcours
 * adaptatifs" tab, sees the seeded definition, creates a score-rule path picking a lesson of the
 * course, then generates a positioning test and follows the steps to the link to it.
 */
test.use({ viewport: { width: 390, height: 844 } });

test("a creator defines a score-rule path and generates a positioning test", async ({ page, request }) => {
  test.setTimeout(120_000);
  const courseId = await sstCourseId(tenantApi(request, await apiToken(request, "acme", "creator@acme.test")));
  await signIn(page, "creator@acme.test");
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/courses/${courseId}?tab=adaptive`);
  await expect(page.getByRole("tab", { name: "Parcours adaptatifs" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "SST : parcours selon le positionnement" })).toBeVisible();

  await page.getByRole("button", { name: "Nouveau parcours à règles de score" }).click();
  const form = page.getByRole("form", { name: "Nouveau parcours à règles de score" });
  await form.getByLabel("Nom").fill("Parcours e2e");
  await form.getByRole("button", { name: "Ajouter une règle" }).click();
  await form.getByLabel("Leçon").selectOption({ label: "Le cadre de l'intervention › Le cadre juridique" });
  await form.getByLabel("Passer si score > (%)").fill("60");
  await form.getByRole("button", { name: "Créer le parcours" }).click();
  await expect(page.getByRole("heading", { name: "Parcours e2e" })).toBeVisible();
  // Nothing overflows the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByLabel("Nombre de questions").fill("4");
  await page.getByRole("button", { name: "Générer le test (25 crédits)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Test de positionnement créé : 4 questions, 25 crédits consommés." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Voir le questionnaire" })).toBeVisible();
});
