import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiToken } from "./fixtures/api";
import { screenshot, signIn } from "./fixtures/app";
import { ROOT_URL } from "./fixtures/urls";

/**
 * Staff sessions screens: an admin schedules a session of the SST course with a convocation
 * (checked in the development outbox), finds it in the list and the calendar, edits it, opens its
 * attendance (half-day slots, chain status, PDF sheet, an override), and cancels another session
 * after the confirmation. The trainer finds the session on their home; a phone shows the list and
 * the agenda.
 */
const COURSE = "Sauveteur Secouriste du Travail (SST)";
const STAMP = Date.now().toString(36);
const TITLE = `Recyclage SST e2e ${STAMP}`;
const EDITED = `${TITLE} (modifiée)`;
const TO_CANCEL = `Session à annuler e2e ${STAMP}`;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

test.describe.configure({ mode: "serial" });

/** A Paris calendar day `days` from now, "YYYY-MM-DD". */
function parisDay(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(Date.now() + days * 86_400_000));
}
const DAY = parisDay(10);

type Mail = { to: string; subject: string; template: string; text: string; attachments: { filename: string; contentType: string }[] };

async function mailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const res = await request.get(`${ROOT_URL}/api/v1/dev/outbox`, { params: { to, limit: 50 } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Mail[] }).data;
}

/** The first mail to `to` that matches, once the app's job worker has sent the session's notices. */
async function mailTo(request: APIRequestContext, to: string, match: (m: Mail) => boolean): Promise<Mail | undefined> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      found = (await mailsTo(request, to)).find(match);
      return Boolean(found);
    }, { timeout: 15_000 })
    .toBe(true);
  return found;
}

async function sstCourseId(request: APIRequestContext): Promise<string> {
  const res = await request.get(`${ROOT_URL}/api/v1/courses`, { headers: { "X-Tenant-ID": "acme" }, params: { limit: 100 } });
  expect(res.status()).toBe(200);
  const course = ((await res.json()) as { data: { id: string; title: string }[] }).data.find((c) => c.title === COURSE);
  expect(course, COURSE).toBeTruthy();
  return course!.id;
}

/** Nothing sticks out sideways on a phone. */
async function expectNoSideScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
}

/** The session's id from its detail page URL. */
const sessionIdOf = (page: Page) => /\/sessions\/(ses_[^/?#]+)/.exec(page.url())![1]!;

let sessionId = "";

test("an admin schedules a session with a convocation and finds it in the list and the calendar", async ({ page, request }) => {
  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Sessions" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sessions" })).toBeVisible();

  await page.getByRole("link", { name: "Planifier une session" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Planifier une session" })).toBeVisible();
  const form = page.getByRole("form", { name: "Planifier une session" });

  // Empty form: the browser-side checks name each missing field.
  await form.getByRole("button", { name: "Planifier la session" }).click();
  await expect(form.getByText("Corrigez les champs signalés.")).toBeVisible();
  await expect(form.getByLabel("Formation")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Formation").selectOption({ label: COURSE });
  await form.getByLabel("Titre de la session").fill(TITLE);
  await form.getByLabel("Description").fill("Maintien et actualisation des compétences SST : mises en situation.");
  // A past date: the API answers 422 and its error is shown next to the first range's start.
  // One remote range of seven hours (09:00–16:00).
  await form.getByLabel("À distance (classe virtuelle)").check();
  await form.getByLabel("Date — Jour 1").fill(parisDay(-2));
  await form.getByRole("button", { name: "Retirer la plage 2 du jour 1" }).click();
  await form.getByLabel("Fin — plage 1 du jour 1").fill("16:00");
  await form.getByLabel("Places").fill("12");
  await form.getByLabel("Enregistrer la session").check();
  await form.getByLabel("Thomas Bernard").check();
  await expect(form.getByLabel("Envoyer la convocation par e-mail")).toBeChecked();
  await form.getByRole("button", { name: "Planifier la session" }).click();
  await expect(form.getByText("Doit être dans le futur")).toBeVisible();
  await expect(form.getByLabel("Début — plage 1 du jour 1")).toHaveAttribute("aria-invalid", "true");
  await screenshot(page, "sessions-new-422");

  await form.getByLabel("Date — Jour 1").fill(DAY);
  await form.getByRole("button", { name: "Planifier la session" }).click();
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Session planifiée." })).toBeVisible();
  await expect(page.getByText("Planifiée", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Code PIN d'émargement")).toBeVisible();
  await expect(page.getByRole("region", { name: "Formateurs" })).toContainText("Thomas Bernard");
  sessionId = sessionIdOf(page);
  await screenshot(page, "session-detail");

  // The convocation went to the SST learner, with its calendar invitation.
  const convocation = await mailTo(request, "learner@acme.test", (m) => m.template === "session-convocation" && m.text.includes(TITLE));
  expect(convocation, "convocation e-mail").toBeTruthy();
  expect(convocation!.attachments.some((a) => a.filename.endsWith(".ics"))).toBe(true);

  // The list, filtered on the course.
  await page.getByRole("link", { name: "← Sessions" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sessions" })).toBeVisible();
  await page.getByLabel("Formation", { exact: true }).selectOption({ label: COURSE });
  await expect(page).toHaveURL(/courseId=/);
  const row = page.getByRole("row").filter({ hasText: TITLE });
  await expect(row).toContainText("Planifiée");
  await expect(row).toContainText("7 h");
  await expect(row).toContainText(/\d+ \/ 12/);
  await expect(page.getByText(/\d+ sessions? · Page 1 sur \d+/)).toBeVisible();
  await screenshot(page, "sessions-list");

  // The calendar, on the session's month; arrows move between days.
  await page.getByRole("button", { name: "Calendrier" }).click();
  const monthName = new Intl.DateTimeFormat("fr-FR", { timeZone: "UTC", month: "long", year: "numeric" }).format(new Date(`${DAY}T12:00:00Z`));
  if (DAY.slice(0, 7) !== parisDay(0).slice(0, 7)) await page.getByRole("button", { name: "Mois suivant" }).click();
  const grid = page.getByRole("grid", { name: monthName });
  await expect(grid).toBeVisible();
  await expect(grid.getByRole("link", { name: new RegExp(TITLE) })).toBeVisible();
  const cell = grid.locator(`[data-day="${DAY}"]`);
  await cell.click({ position: { x: 4, y: 4 } });
  await expect(cell).toBeFocused();
  // A week down (or up, late in the month) stays in the same month, then back.
  const down = Number(DAY.slice(8)) <= 14;
  const [y, m, d] = DAY.split("-").map(Number) as [number, number, number];
  const weekAway = new Date(Date.UTC(y, m - 1, d + (down ? 7 : -7))).toISOString().slice(0, 10);
  await page.keyboard.press(down ? "ArrowDown" : "ArrowUp");
  await expect(grid.locator(`[data-day="${weekAway}"]`)).toBeFocused();
  await page.keyboard.press(down ? "ArrowUp" : "ArrowDown");
  await expect(cell).toBeFocused();
  await screenshot(page, "sessions-calendar");
});

test("a learner follows the convocation's link to the session", async ({ page, request }) => {
  const convocation = await mailTo(request, "learner@acme.test", (m) => m.template === "session-convocation" && m.text.includes(TITLE));
  const link = /https?:\/\/\S+\/sessions\/ses_\w+/.exec(convocation?.text ?? "")?.[0];
  expect(link, "session link in the convocation").toBeTruthy();
  await signIn(page, "learner@acme.test");
  await expect(page.getByRole("heading", { level: 1, name: "Mes formations" })).toBeVisible();
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByRole("region", { name: "Formateurs" })).toContainText("Thomas Bernard");
  // No PIN, no state buttons for a learner.
  await expect(page.getByText("Code PIN d'émargement")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Démarrer la session" })).toHaveCount(0);
});

test("the admin edits the session, then follows its attendance: slots, chain, PDF, override", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await page.goto(`/sessions/${sessionId}`);
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();

  await page.getByRole("link", { name: "Modifier" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Modifier la session" })).toBeVisible();
  const form = page.getByRole("form", { name: "Modifier la session" });
  await expect(form.getByLabel("Début — plage 1 du jour 1")).toHaveValue("09:00");
  await expect(form.getByLabel("Date — Jour 1")).toHaveValue(DAY);
  await form.getByLabel("Titre de la session").fill(EDITED);
  await form.getByLabel("Places").fill("15");
  await form.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(page.getByRole("heading", { level: 1, name: EDITED })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Modifications enregistrées." })).toBeVisible();
  await expect(page.getByRole("region", { name: "Informations" })).toContainText(/\d+ \/ 15/);

  // Attendance page.
  await page.getByRole("group", { name: "Actions sur la session" }).getByRole("link", { name: "Émargement" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Émargement — ${EDITED}` })).toBeVisible();
  await expect(page.getByText("Registre intègre")).toBeVisible();
  await expect(page.getByRole("table", { name: "Présence des apprenants" }).getByRole("row").filter({ hasText: "Léa Petit" })).toContainText("À venir"); // the session has not taken place: nobody is absent yet

  // Half-day slots: 09:00–13:00 and 13:00–16:00.
  const slots = page.getByRole("region", { name: "Créneaux de signature" });
  // The schedule's range made one slot at creation; half-days cut it at 13:00 (after a confirmation).
  await slots.getByLabel("Découpage").selectOption("HALF_DAY");
  await slots.getByRole("button", { name: "Régénérer les créneaux" }).click();
  await page.getByRole("dialog", { name: "Remplacer les créneaux ?" }).getByRole("button", { name: "Régénérer les créneaux" }).click();
  await expect(slots.getByText("2 créneaux créés.")).toBeVisible();
  await expect(slots.getByRole("listitem").filter({ hasText: "09:00 – 13:00" })).toBeVisible();
  await expect(slots.getByRole("listitem").filter({ hasText: "13:00 – 16:00" })).toBeVisible();
  // Regenerating asks first (it replaces the slots).
  await slots.getByRole("button", { name: "Régénérer les créneaux" }).click();
  const regenerate = page.getByRole("dialog", { name: "Remplacer les créneaux ?" });
  await expect(regenerate).toContainText("supprimés et remplacés");
  await regenerate.getByRole("button", { name: "Annuler" }).click();
  await expect(regenerate).toBeHidden();

  // The PDF sheet: the link downloads a PDF file, and the same URL answers application/pdf to the
  // signed-in browser (its session cookie, no token; fetched from the page so the sub-domain resolves).
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Télécharger la feuille d'émargement (PDF)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe("%PDF-");
  const pdf = await page.evaluate(async (url) => {
    const res = await fetch(url);
    return { status: res.status, type: res.headers.get("content-type") };
  }, `/api/v1/emargement/${sessionId}/pdf`);
  expect(pdf).toEqual({ status: 200, type: "application/pdf" });

  // An ADMIN correction: the reason needs 20 characters (counted live).
  await page.getByRole("button", { name: "Corriger — Léa Petit" }).click();
  const dialog = page.getByRole("dialog", { name: "Corriger la présence de Léa Petit" });
  await dialog.getByLabel("Motif de la correction").fill("Trop court");
  await expect(dialog.getByText("10 caractères — minimum 20")).toBeVisible();
  await dialog.getByRole("button", { name: "Enregistrer la correction" }).click();
  await expect(dialog.getByText("Au moins 20 caractères", { exact: true })).toBeVisible();
  await expect(dialog.getByLabel("Motif de la correction")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Motif de la correction").fill("Présente, tablette de signature hors service ce jour-là.");
  // The correction sets a status (the minutes follow from it: the whole session, 7 h).
  await dialog.getByLabel("Présent", { exact: true }).check();
  await dialog.getByRole("button", { name: "Enregistrer la correction" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Présence de Léa Petit corrigée." })).toBeVisible();
  const lea = page.getByRole("table", { name: "Présence des apprenants" }).getByRole("row").filter({ hasText: "Léa Petit" });
  await expect(lea).toContainText("Présent");
  await expect(lea).toContainText("Correction par l'administrateur");
  await expect(lea).toContainText("7 h");
  await expect(page.getByText("Registre intègre")).toBeVisible();
  await screenshot(page, "session-attendance");
});

test("the admin cancels another session after the confirmation", async ({ page, request }) => {
  const token = await apiToken(request, "acme", "admin@acme.test");
  const created = await request.post(`${ROOT_URL}/api/v1/sessions`, {
    headers: { "X-Tenant-ID": "acme", Authorization: `Bearer ${token}` },
    data: { courseId: await sstCourseId(request), title: TO_CANCEL, scheduledAt: new Date(Date.now() + 20 * 86_400_000).toISOString(), durationMinutes: 90 },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { id: string } }).data.id;

  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await page.goto(`/sessions/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: TO_CANCEL })).toBeVisible();
  await page.getByRole("button", { name: "Annuler la session" }).click();
  const dialog = page.getByRole("dialog", { name: "Annuler cette session ?" });
  await expect(dialog).toContainText("e-mail d'annulation");
  await expect(dialog.getByRole("button", { name: "Garder la session" })).toBeFocused();
  await screenshot(page, "session-cancel-dialog");
  await dialog.getByRole("button", { name: "Annuler la session" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Session annulée" })).toBeVisible();
  await expect(page.getByText("Annulée", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Annuler la session" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Modifier" })).toHaveCount(0);

  const cancellation = await mailTo(request, "learner@acme.test", (m) => m.template === "session-cancellation" && m.text.includes(TO_CANCEL));
  expect(cancellation, "cancellation e-mail").toBeTruthy();

  await page.goto(`/sessions?status=CANCELLED`);
  await expect(page.getByRole("row").filter({ hasText: TO_CANCEL })).toContainText("Annulée");
});

test("the trainer's home lists the session with the way to its live screen", async ({ page }) => {
  await signIn(page, "trainer@acme.test");
  await expect(page.getByRole("heading", { level: 1, name: "Mes sessions" })).toBeVisible();
  const card = page.getByRole("article", { name: EDITED });
  await expect(card).toBeVisible();
  await expect(card.getByRole("link", { name: `Ouvrir l'écran en direct — ${EDITED}` })).toHaveAttribute("href", `/sessions/${sessionId}/live`);
  await screenshot(page, "trainer-home");

  await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Émargement" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Émargement" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Aujourd'hui" })).toBeVisible();
  // Every presence count has loaded (no "…" left).
  await expect(page.getByText("…", { exact: true })).toHaveCount(0);
  await screenshot(page, "attendance-follow-up");
});

test.describe("on a phone", () => {
  test.use(PHONE);

  test("the session list becomes cards and the calendar an agenda", async ({ page, request }) => {
    const courseId = await sstCourseId(request);
    await signIn(page, "admin@acme.test");
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
    await page.goto(`/sessions?courseId=${courseId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Sessions" })).toBeVisible();
    await expect(page.getByRole("link", { name: EDITED })).toBeVisible();
    await page.screenshot({ path: "e2e/artifacts/sessions-phone-list-top.png" });
    await expectNoSideScroll(page);
    await screenshot(page, "sessions-phone-list");

    await page.goto(`/sessions?view=calendar&courseId=${courseId}&month=${DAY.slice(0, 7)}`);
    await expect(page.getByRole("grid")).toBeHidden();
    const agenda = page.getByRole("link", { name: new RegExp(EDITED.replace(/[()]/g, "\\$&")) });
    await expect(agenda).toBeVisible();
    await page.screenshot({ path: "e2e/artifacts/sessions-phone-agenda-top.png" });
    await expectNoSideScroll(page);
    await screenshot(page, "sessions-phone-agenda");

    // The session and its attendance fit the phone too.
    await agenda.click();
    await expect(page.getByRole("heading", { level: 1, name: EDITED })).toBeVisible();
    await expectNoSideScroll(page);
    await screenshot(page, "session-phone-detail");
    await page.getByRole("group", { name: "Actions sur la session" }).getByRole("link", { name: "Émargement" }).click();
    await expect(page.getByText("Registre intègre")).toBeVisible();
    await expect(page.getByText("Après-midi", { exact: false }).first()).toBeVisible();
    await expectNoSideScroll(page);
    await screenshot(page, "session-phone-attendance");
  });
});
