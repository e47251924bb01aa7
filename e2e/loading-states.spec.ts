import { expect, test } from "@playwright/test";
import { screenshot, signIn } from "./fixtures/app";

/**
 * While a list's query is on its way, the view shows placeholders in the shape of the list
 * (role="status", aria-busy), not an empty pane; they give way to the rows.
 */
test("the users list shows a loading placeholder until its rows arrive", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/trpc\/[^?]*users\.list/, async (route) => {
    await held;
    await route.continue();
  });

  await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Utilisateurs" }).click();
  // The page itself is there (its title), its list is not yet.
  await expect(page.getByRole("heading", { level: 1, name: "Utilisateurs" })).toBeVisible();
  const placeholder = page.getByRole("status").filter({ hasText: "Chargement…" });
  await expect(placeholder).toBeAttached();
  await expect(placeholder).toHaveAttribute("aria-busy", "true");
  await expect(page.getByRole("row").filter({ hasText: "learner@acme.test" })).toHaveCount(0);
  await screenshot(page, "users-loading");

  release();
  await expect(page.getByRole("row").filter({ hasText: "learner@acme.test" })).toBeVisible();
  await expect(placeholder).toHaveCount(0);
});
