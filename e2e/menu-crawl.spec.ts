import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./fixtures/axe";
import { DEMO_PASSWORD, signIn } from "./fixtures/app";
import { ROOT_URL } from "./fixtures/urls";

/**
 * Issue #23 item 1: every menu entry of every role is a finished page. Each demo account signs
 * in, reads its main navigation and user menu, and loads every entry once: the page must have a
 * heading, no placeholder text ("Bientôt disponible", "Coming soon", "TODO", "lorem"), no
 * "Page introuvable", and no critical or serious axe-core violation.
 */
const PLACEHOLDERS: RegExp[] = [/Bientôt disponible/i, /Coming soon/i, /\bTODO\b/, /lorem/i, /Page introuvable/];

const ACCOUNTS = [
  { role: "admin", email: "admin@acme.test" },
  { role: "creator", email: "creator@acme.test" },
  { role: "trainer", email: "trainer@acme.test" },
  { role: "learner", email: "learner@acme.test" },
  { role: "finance", email: "finance@acme.test" },
  { role: "funder", email: "funder@acme.test" },
];

/** Waits for the page's own loading to end: a first-level heading, and no busy region left. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator("h1").first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** What is wrong with the page as loaded: placeholder words, and the serious accessibility violations. */
async function problemsOf(page: Page, entry: string): Promise<string[]> {
  const problems: string[] = [];
  const text = await page.locator("body").innerText();
  for (const re of PLACEHOLDERS) if (re.test(text)) problems.push(`${entry}: placeholder text ${re}`);
  for (const v of await seriousViolations(page)) problems.push(`${entry}: axe ${v.impact} ${v.id} (${v.help}) on ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
  return problems;
}

test.describe("menu crawl", () => {
  test.describe.configure({ timeout: 240_000 });

  for (const { role, email } of ACCOUNTS) {
    test(`${role}: every entry of the main navigation and the user menu is a finished page`, async ({ page }) => {
      await signIn(page, email);
      const nav = page.getByRole("navigation", { name: "Navigation principale" });
      await expect(nav).toBeVisible();
      const entries = await nav.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
      await page.getByRole("button", { name: /^Menu d/ }).click();
      const userMenu = await page.locator("[id]").filter({ has: page.getByRole("link", { name: "Mon profil" }) }).last().getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
      const hrefs = [...new Set([...entries, ...userMenu])];
      expect(entries.length).toBeGreaterThan(1);
      expect(hrefs).toContain("/profile");

      const problems: string[] = [];
      for (const href of hrefs) {
        const res = await page.goto(href);
        expect(res?.status(), `${role} ${href}`).toBeLessThan(400);
        await settled(page);
        problems.push(...(await problemsOf(page, `${role} ${href}`)));
      }
      expect(problems).toEqual([]);
    });
  }

  test("platform administrator: the tenants page is a finished page", async ({ page }) => {
    await page.goto(`${ROOT_URL}/login`);
    await page.getByLabel("Adresse e-mail").fill("platform@admin.test");
    await page.getByLabel("Mot de passe", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Organismes" })).toBeVisible();
    await settled(page);
    expect(await problemsOf(page, "platform /platform/tenants")).toEqual([]);
  });
});
