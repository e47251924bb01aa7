import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, expectNoHorizontalScroll, screenshot } from "./fixtures/app";

/**
 * Issue #23 item 6: the public course page offers "S'inscrire" and "Demander un devis", and shows
 * its rates from the server's one computation ("Non significatif" below the minimum count).
 */
const COURSE = "/formations/sauveteur-secouriste-du-travail";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

test("a visitor asks for a quote without an account, and the page states its rates honestly", async ({ page }) => {
  await page.goto(COURSE);
  const actions = page.getByRole("region", { name: "Participer à cette formation" });
  await expect(actions.getByRole("link", { name: "S'inscrire" })).toBeVisible();
  // The demo course has fewer learners than the minimum: no percentage, the method in a footnote.
  await expect(page.getByRole("region", { name: "Nos résultats" }).getByText(/Non significatif/i).first()).toBeVisible();

  await actions.getByRole("button", { name: "Demander un devis" }).click();
  const form = page.getByRole("form", { name: "Demande de devis" });
  await form.getByRole("button", { name: "Envoyer la demande" }).click();
  // Nothing typed: the fields say what is missing, and nothing is sent.
  await expect(page.getByText(/Demande envoyée/)).toHaveCount(0);

  await form.getByLabel("Entreprise").fill("Menuiserie Durand");
  await form.getByLabel("Nom du contact").fill("Paul Durand");
  await form.getByLabel("E-mail").fill("paul.durand@menuiserie-durand.test");
  await form.getByLabel("Nombre de stagiaires").fill("4");
  await form.getByLabel("Votre message").fill("Former quatre menuisiers au secourisme en janvier, dans nos locaux.");
  await form.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(page.getByText(/Demande envoyée/)).toBeVisible();
  await screenshot(page, "catalogue-quote-sent");
});

test("S'inscrire, signed out: the sign-in first, then back on the course in the app", async ({ page }) => {
  await page.goto(COURSE);
  await page.getByRole("region", { name: "Participer à cette formation" }).getByRole("link", { name: "S'inscrire" }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel("Adresse e-mail").fill("learner2@acme.test");
  await page.getByLabel("Mot de passe", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/catalogue\/sauveteur-secouriste-du-travail$/);
  await expect(page.getByRole("heading", { level: 1, name: /Sauveteur Secouriste du Travail/ })).toBeVisible();
  await screenshot(page, "catalogue-enrol-after-login");
});

test("on a phone, both buttons and the quote form fit the screen", async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.goto(COURSE);
  const actions = page.getByRole("region", { name: "Participer à cette formation" });
  await expect(actions.getByRole("link", { name: "S'inscrire" })).toBeVisible();
  await actions.getByRole("button", { name: "Demander un devis" }).click();
  await expect(page.getByRole("form", { name: "Demande de devis" }).getByLabel("Entreprise")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screenshot(page, "catalogue-buttons-phone");
  await context.close();
});
