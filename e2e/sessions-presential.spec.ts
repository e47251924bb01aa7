import { expect, test, type Page } from "@playwright/test";
import { screenshot, signIn } from "./fixtures/app";

/**
 * An admin plans an in-person SST session over two days with a lunch break, in a room, without
 * registering anyone at first; then registers two learners from the session's participants panel
 * and sees the seats left. Desktop and phone screenshots.
 */
const COURSE = "Sauveteur Secouriste du Travail (SST)";
const TITLE = `SST en salle e2e ${Date.now().toString(36)}`;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** A Paris calendar day `days` from now, "YYYY-MM-DD". */
function parisDay(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(Date.now() + days * 86_400_000));
}

async function expectNoSideScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
}

test.describe.configure({ mode: "serial" });
let sessionUrl = "";

test("an admin plans a PRESENTIAL two-day session with a lunch break and registers learners", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await page.goto("/sessions/new");
  const form = page.getByRole("form", { name: "Planifier une session" });
  await form.getByLabel("Formation").selectOption({ label: COURSE });
  await form.getByLabel("Titre de la session").fill(TITLE);
  // In person by default: the place fields are there.
  await expect(form.getByLabel("Présentiel")).toBeChecked();
  await form.getByLabel("Nom du lieu").fill("Acme Formation");
  await form.getByLabel(/^Salle/).fill("Salle Lavoisier");
  await form.getByLabel("Adresse").fill("12 rue des Arts, 75003 Paris");
  // Day 1 with the default morning and afternoon; day 2 added (the next day, same ranges).
  await form.getByLabel("Date — Jour 1").fill(parisDay(12));
  await expect(form.getByLabel("Début — plage 1 du jour 1")).toHaveValue("09:00");
  await expect(form.getByLabel("Fin — plage 2 du jour 1")).toHaveValue("17:00");
  await form.getByRole("button", { name: "Ajouter un jour" }).click();
  await expect(form.getByLabel("Date — Jour 2")).toHaveValue(parisDay(13));
  await expect(form.getByText("Durée totale : 14 h")).toBeVisible();
  await form.getByLabel("Places").fill("12");
  await form.getByLabel("Inscrire d'emblée tous les apprenants").uncheck();
  await screenshot(page, "sessions-presential-form-desktop");
  await form.getByRole("button", { name: "Planifier la session" }).click();

  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  sessionUrl = new URL(page.url()).pathname;
  const facts = page.getByRole("region", { name: "Informations" });
  await expect(facts).toContainText("Acme Formation — Salle Lavoisier, 12 rue des Arts, 75003 Paris");
  await expect(facts).toContainText("09:00–12:30, 13:30–17:00");
  await expect(facts).toContainText("Présentiel");

  const panel = page.getByRole("region", { name: "Participants" });
  await expect(panel).toContainText("Aucun inscrit");
  await expect(panel).toContainText("12 places restantes");
  const add = panel.getByRole("group", { name: "Inscrire des apprenants de la formation" });
  await add.getByLabel("Léa Petit").check();
  await add.getByLabel(/^Lucas /).check();
  await panel.getByRole("button", { name: "Inscrire la sélection" }).click();
  await expect(panel.getByRole("status")).toContainText("2 inscriptions faites");
  await expect(panel).toContainText("10 places restantes");
  await expect(panel.getByRole("list", { name: "Participants" }).getByRole("listitem")).toHaveCount(2);
  // Who the session expects: "register every learner" unchecked at creation made it a list (LIST); AUTO is the other choice.
  const expected = panel.getByRole("group", { name: "Apprenants attendus" });
  await expect(expected.getByLabel("Seulement les apprenants de la liste")).toBeChecked();
  await expect(expected.getByLabel(/^Tous les apprenants de la formation, y compris ceux inscrits plus tard/)).not.toBeChecked();
  await expect(expected.getByRole("button", { name: "Enregistrer le choix" })).toBeEnabled();
  await screenshot(page, "sessions-presential-detail-desktop");

  // Unregistering asks first.
  await panel.getByRole("button", { name: /^Désinscrire Lucas/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("e-mail d'annulation");
  await dialog.getByRole("button", { name: "Garder l'inscription" }).click();
  await expect(panel).toContainText("10 places restantes");
});

test("on a phone: the form's schedule editor and the participants panel fit the screen", async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await page.goto("/sessions/new");
  await expect(page.getByRole("form", { name: "Planifier une session" }).getByLabel("Date — Jour 1")).toBeVisible();
  await expectNoSideScroll(page);
  await screenshot(page, "sessions-presential-form-phone");
  await page.goto(sessionUrl);
  await expect(page.getByRole("region", { name: "Participants" })).toContainText("10 places restantes");
  await expectNoSideScroll(page);
  await screenshot(page, "sessions-presential-detail-phone");
  await context.close();
});
