import { expect, test, type Page } from "@playwright/test";
import { expectNoHorizontalScroll, screenshot, signIn } from "./fixtures/app";

/**
 * The avatar menu of the app's header: the signed-in address heads the panel, muted and small, a
 * long one wrapped inside the panel (shell.module.css `.userMenuEmail`); profile, settings,
 * language and sign-out below it. Desktop and phone.
 */
async function openMenu(page: Page) {
  await signIn(page, "admin@acme.test");
  await page.getByRole("button", { name: /^Menu d/ }).click();
  const panel = page.locator("[id]").filter({ has: page.getByRole("link", { name: "Mon profil" }) }).last();
  await expect(panel).toBeVisible();
  return panel;
}

test("the user menu heads its panel with the signed-in address, inside the panel", async ({ page }) => {
  const panel = await openMenu(page);
  const email = panel.getByText("admin@acme.test", { exact: true });
  await expect(email).toBeVisible();
  const style = await email.evaluate((el) => {
    const s = getComputedStyle(el);
    return { overflowWrap: s.overflowWrap, fontSize: s.fontSize, paddingLeft: s.paddingLeft };
  });
  expect(style).toEqual({ overflowWrap: "anywhere", fontSize: "13.6px", paddingLeft: "12px" });
  const [inner, outer] = [(await email.boundingBox())!, (await panel.boundingBox())!];
  expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width);
  await expect(panel.getByRole("link", { name: "Paramètres e-mail" })).toBeVisible();
  await expect(panel.getByRole("button", { name: /Se déconnecter/ })).toBeVisible();
  await screenshot(page, "user-menu-desktop");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the open menu stays within the screen", async ({ page }) => {
    const panel = await openMenu(page);
    await expect(panel.getByText("admin@acme.test", { exact: true })).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expectNoHorizontalScroll(page);
    await screenshot(page, "user-menu-phone");
  });
});
