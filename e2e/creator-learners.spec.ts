import { mkdirSync, readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectNoHorizontalScroll, screenshot, signIn } from "./fixtures/app";

/**
 * Issue #23 item 1: the creator's "Apprenants" page. Claire Dubois (creator@acme.test) opens it
 * from the menu: the learners of her courses with progress, last activity and quiz results;
 * she searches by name, filters by course and status, reads a learner's corrected quiz and
 * exports the filtered list. On a phone the rows become cards and nothing overflows.
 */
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }
}

async function openLearners(page: Page): Promise<void> {
  await signIn(page, "creator@acme.test");
  await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Apprenants" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Apprenants" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Apprenants de vos formations" })).toBeVisible();
}

test.describe("the creator's learners (desktop)", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("lists the learners of her courses, searches, filters, shows a corrected quiz and exports", async ({ page }) => {
    await openLearners(page);
    const table = page.getByRole("table", { name: "Apprenants de vos formations" });
    const rows = table.locator("tbody tr");
    expect(await rows.count()).toBeGreaterThan(0);
    await expect(page.getByText(/Bientôt disponible/)).toHaveCount(0);
    // Every row shows a progress bar with the server's percentage.
    await expect(rows.first().getByRole("progressbar", { name: /^Progression d/ })).toHaveAttribute("value", /^\d+$/);
    await shot(page, "learners-desktop");

    // A corrected quiz of a learner who took one.
    const feedbackButton = page.getByRole("button", { name: /^Voir les réponses d/ }).first();
    await expect(feedbackButton).toBeVisible();
    await feedbackButton.click();
    const dialog = page.getByRole("dialog", { name: /^Réponses d/ });
    await expect(dialog.getByRole("heading", { name: /Quiz réussi|Quiz non réussi/ })).toBeVisible();
    await shot(page, "learners-feedback-desktop");
    await dialog.getByRole("button", { name: "Fermer" }).click();
    await expect(dialog).toBeHidden();

    // Search by name: only Léa Petit's enrollments stay.
    await page.getByRole("searchbox", { name: "Rechercher un apprenant" }).fill("petit");
    await page.getByRole("button", { name: "Rechercher", exact: true }).click();
    await expect(page).toHaveURL(/q=petit/);
    await expect(rows.first()).toContainText("Léa Petit");
    for (const text of await rows.allInnerTexts()) expect(text).toContain("Léa Petit");

    // Filter by a course: every row is that course's.
    const courseSelect = page.getByLabel("Formation", { exact: true });
    const firstCourse = (await courseSelect.locator("option").nth(1).textContent())!.trim();
    await courseSelect.selectOption({ label: firstCourse });
    await expect(page).toHaveURL(/courseId=/);
    await page.getByRole("searchbox", { name: "Rechercher un apprenant" }).fill("");
    await page.getByRole("button", { name: "Rechercher", exact: true }).click();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const courseRows = await rows.count();
    if (courseRows > 0 && !(await page.getByText("Aucun apprenant ne correspond").isVisible())) {
      for (const text of await rows.allInnerTexts()) expect(text).toContain(firstCourse);
    }

    // Export of what is shown: a French CSV with the same filter.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exporter en CSV" }).click()]);
    expect(download.suggestedFilename()).toBe("apprenants.csv");
    const csv = readFileSync((await download.path())!, "utf8");
    expect(csv.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
      "Apprenant;E-mail;Formation;Statut;Inscrit le;Dernière activité;Progression (%);Leçons terminées;Leçons du parcours;Quiz réussis;Quiz de la formation;Moyenne aux quiz (%)",
    );
    for (const line of csv.split("\r\n").slice(1).filter(Boolean)) expect(line).toContain(firstCourse);

    // A status with no learner says so.
    await page.getByLabel("Statut", { exact: true }).selectOption({ label: "Révoquée" });
    await expect(page.getByText("Aucun apprenant ne correspond à ces critères.")).toBeVisible();
  });
});

test.describe("the creator's learners (phone)", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("rows become cards and nothing overflows", async ({ page }) => {
    await signIn(page, "creator@acme.test");
    // The creator's home is her course list: signed in once it shows.
    await expect(page).toHaveURL(/\/courses/);
    await page.goto("/learners");
    await expect(page.getByRole("heading", { level: 1, name: "Apprenants" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Apprenants de vos formations" }).locator("tbody tr").first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await shot(page, "learners-phone");
  });
});
