import { expect, test, type Browser, type Page } from "@playwright/test";
import { writeFile } from "node:fs/promises";
import { apiToken, enrolledLearner, scheduleSstSession, sstCourseId, tenantApi } from "./fixtures/api";
import { DEMO_PASSWORD, draw, expectNoHorizontalScroll, screenshot, signIn } from "./fixtures/app";
import { ROOT_URL, tenantUrl } from "./fixtures/urls";

/**
 * Acceptance of live attendance: the trainer opens the live screen of a session of the SST
 * course (laptop); three learners on phones sign it, one by scanning the QR code (its page
 * opened while signed out: sign in there, then one tap), one with the PIN typed on the pad, one
 * by drawing; the trainer's roster shows all three arrive, the trainer countersigns; the admin
 * downloads the attendance sheet PDF.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: "fr-FR" };
const THIRD = { email: "learner3@acme.test", firstName: "Inès", lastName: "Garcia" };

type Ids = { sessionId: string; title: string };
let ids: Ids;

/** A third enrolled learner (the demo seed has two in SST), a session of SST starting soon with the demo trainer. */
test.beforeAll(async ({ request }) => {
  const admin = tenantApi(request, await apiToken(request, "acme", "admin@acme.test"));
  const courseId = await sstCourseId(admin);

  await enrolledLearner(admin, courseId, THIRD);

  const title = `Recyclage SST — émargement ${new Date().toISOString().slice(11, 19)}`;
  const sessionId = await scheduleSstSession(admin, { courseId, title, description: "Session de démonstration de l'émargement en direct.", durationMinutes: 120 });
  ids = { sessionId, title };
});

async function phone(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, baseURL: tenantUrl("acme"), ...options });
  return context.newPage();
}



test("a trainer watches three learners sign on their phones (QR, PIN, drawing), countersigns, and the admin downloads the sheet", async ({ browser, page, request }) => {
  test.setTimeout(300_000);
  const { sessionId, title } = ids;

  // Trainer, laptop: the live screen, then the session starts.
  await signIn(page, "trainer@acme.test");
  await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
  await page.goto(`/sessions/${sessionId}/live`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByRole("button", { name: "Démarrer la session" }).click();
  await expect(page.getByText("En direct", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Terminer la session" })).toBeVisible();
  const qr = page.getByTestId("live-qr");
  await expect(qr).toHaveAttribute("data-sign-url", /\/q\/[A-Za-z0-9_-]{22}$/);
  await expect(qr.getByRole("img", { name: "QR code de signature de la session" })).toBeVisible();
  await expect(page.getByText(/Nouveau code dans \d+:\d\d/)).toBeVisible();
  const pin = (await page.getByTestId("live-pin").getAttribute("data-pin"))!;
  expect(pin).toMatch(/^\d{6}$/);
  const roster = page.getByRole("region", { name: "Présences" });
  await expect(roster.getByRole("list", { name: "Apprenants qui n'ont pas encore signé" })).toContainText("Léa Petit");
  await expect(roster.getByText("Personne n'a encore signé.")).toBeVisible();
  await screenshot(page, "attendance-live-trainer-before");

  // Learner 1 scans the QR code: its page, signed out, signs in there and confirms in one tap.
  const signUrl = (await qr.getAttribute("data-sign-url"))!;
  const qrLearner = await phone(browser, { permissions: ["geolocation"], geolocation: { latitude: 48.8566, longitude: 2.3522, accuracy: 30 } });
  await qrLearner.goto(signUrl);
  await expect(qrLearner.getByRole("heading", { level: 1, name: "Signer ma présence" })).toBeVisible();
  await qrLearner.getByLabel("Adresse e-mail").fill("learner@acme.test");
  await qrLearner.getByLabel("Mot de passe", { exact: true }).fill(DEMO_PASSWORD);
  await qrLearner.getByRole("button", { name: "Se connecter" }).click();
  await expect(qrLearner.getByText(title)).toBeVisible();
  // the short URL led to the signing page of that token, and back there after signing in
  expect(qrLearner.url()).toBe(signUrl.replace(/\/q\/([A-Za-z0-9_-]+)$/, "/sign?token=$1"));
  await qrLearner.getByLabel("Joindre ma position (facultatif)").check();
  await expect(qrLearner.getByText("Position obtenue")).toBeVisible();
  await screenshot(qrLearner, "attendance-learner-qr-confirm");
  await qrLearner.getByRole("button", { name: "Je confirme ma présence" }).click();
  await expect(qrLearner.getByRole("heading", { name: "Présence enregistrée" })).toBeVisible();
  await expect(qrLearner.getByText(/^Signé à \d\d:\d\d$/)).toBeVisible();
  await expect(qrLearner.getByTestId("sign-success").locator("code")).toHaveText(/^[0-9a-f]{8}…[0-9a-f]{4}$/);
  await expectNoHorizontalScroll(qrLearner);
  await screenshot(qrLearner, "attendance-learner-qr-done");

  // The trainer's code was used: a new one replaces it; the same link again is refused.
  await expect(qr).not.toHaveAttribute("data-sign-url", signUrl);
  await qrLearner.goto(signUrl);
  await qrLearner.getByRole("button", { name: "Je confirme ma présence" }).click();
  // The refusal comes from the server: give a loaded CI machine more than the default 15 s (seen once at 15 s).
  await expect(qrLearner.getByText(/a déjà servi|avez déjà signé/)).toBeVisible({ timeout: 30_000 });
  await expectNoHorizontalScroll(qrLearner);
  await screenshot(qrLearner, "attendance-learner-qr-used");

  // Learner 2: from "Mes sessions", a wrong PIN first, then the right one typed on the pad.
  const pinLearner = await phone(browser);
  await signIn(pinLearner, "learner2@acme.test");
  await expect(pinLearner.getByRole("heading", { level: 1, name: "Mes formations" })).toBeVisible();
  await pinLearner.getByRole("button", { name: "Ouvrir le menu" }).click();
  await pinLearner.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Mes sessions" }).click();
  await expect(pinLearner.getByRole("heading", { level: 1, name: "Mes sessions" })).toBeVisible();
  const card = pinLearner.getByRole("article", { name: title });
  await expect(card).toContainText("En direct");
  await screenshot(pinLearner, "attendance-learner-my-sessions");
  await card.getByRole("link", { name: /Signer ma présence/ }).click();
  await expect(pinLearner.getByRole("heading", { level: 1, name: "Signer ma présence" })).toBeVisible();
  const pad = pinLearner.getByRole("group", { name: "Pavé numérique" });
  const wrong = pin === "000000" ? "111111" : "000000";
  for (const d of wrong) await pad.getByRole("button", { name: d, exact: true }).click();
  await expect(pinLearner.getByLabel("Code PIN à 6 chiffres")).toHaveValue(wrong);
  await pinLearner.getByRole("button", { name: "Valider le code" }).click();
  await expect(pinLearner.getByRole("alert").filter({ hasText: "Code PIN incorrect" })).toBeVisible();
  await screenshot(pinLearner, "attendance-learner-pin-wrong");
  for (const d of pin) await pad.getByRole("button", { name: d, exact: true }).click();
  await pinLearner.getByRole("button", { name: "Valider le code" }).click();
  await expect(pinLearner.getByRole("heading", { name: "Présence enregistrée" })).toBeVisible();
  await expect(pinLearner.getByText("Code PIN", { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(pinLearner);
  await screenshot(pinLearner, "attendance-learner-pin-done");

  // Learner 3: draws; a scribble is refused as too short, the full signature is accepted.
  const drawLearner = await phone(browser);
  await signIn(drawLearner, THIRD.email);
  await expect(drawLearner.getByRole("heading", { level: 1, name: "Mes formations" })).toBeVisible();
  await drawLearner.goto("/sign-attendance");
  await drawLearner.getByRole("article", { name: title }).getByRole("link", { name: /Signer ma présence/ }).click();
  await drawLearner.getByRole("button", { name: "Signature", exact: true }).click();
  const canvas = drawLearner.getByRole("img", { name: "Zone de signature" });
  await draw(drawLearner, canvas, 8);
  await drawLearner.getByRole("button", { name: "Envoyer ma signature" }).click();
  await expect(drawLearner.getByRole("alert").filter({ hasText: "Signature trop courte" })).toBeVisible();
  await drawLearner.getByRole("button", { name: "Effacer", exact: true }).click();
  await draw(drawLearner, canvas, 45);
  await expect(canvas).toHaveAttribute("data-points", /^(4[6-9]|[5-9]\d|\d{3,})$/);
  await screenshot(drawLearner, "attendance-learner-drawing");
  await drawLearner.getByRole("button", { name: "Envoyer ma signature" }).click();
  await expect(drawLearner.getByRole("heading", { name: "Présence enregistrée" })).toBeVisible();
  await expect(drawLearner.getByText("Signature manuscrite")).toBeVisible();
  await screenshot(drawLearner, "attendance-learner-drawing-done");
  // The video room: a token for the session's room (no video server here: its name and a link).
  await drawLearner.getByRole("button", { name: "Rejoindre la classe virtuelle" }).click();
  await expect(drawLearner.getByText("Votre accès à la salle est prêt.")).toBeVisible();
  await expect(drawLearner.getByRole("link", { name: /Ouvrir la classe virtuelle/ })).toHaveAttribute("href", /token=/);
  await screenshot(drawLearner, "attendance-learner-room");

  // The trainer's roster, polled: all three arrived, with their method; arrivals were announced.
  const present = roster.getByRole("list", { name: "Apprenants présents" });
  for (const name of ["Léa Petit", "Lucas Moreau", `${THIRD.firstName} ${THIRD.lastName}`]) await expect(present).toContainText(name);
  await expect(present.getByRole("listitem").filter({ hasText: "Léa Petit" })).toContainText("QR code");
  await expect(present.getByRole("listitem").filter({ hasText: "Lucas Moreau" })).toContainText("Code PIN");
  await expect(present.getByRole("listitem").filter({ hasText: THIRD.lastName })).toContainText("Signature manuscrite");
  await expect(page.getByRole("status").filter({ hasText: /a signé/ })).toHaveCount(1);
  await expect(roster.getByText("Tout le monde a signé.")).toBeVisible();

  // The trainer countersigns.
  await page.getByRole("button", { name: "Contresigner" }).click();
  const dialog = page.getByRole("dialog", { name: "Contresigner la feuille d'émargement" });
  await draw(page, dialog.getByRole("img", { name: "Zone de signature du formateur" }), 40);
  await dialog.getByRole("button", { name: "Enregistrer ma signature" }).click();
  await expect(page.getByText(/Contresigné à \d\d:\d\d/)).toBeVisible();
  await screenshot(page, "attendance-live-trainer-after");

  // The admin downloads the attendance sheet.
  const token = await apiToken(request, "acme", "admin@acme.test");
  const pdf = await request.get(`${ROOT_URL}/api/v1/emargement/${sessionId}/pdf`, { headers: { "X-Tenant-ID": "acme", Authorization: `Bearer ${token}` } });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  await writeFile("e2e/artifacts/attendance-sheet.pdf", bytes);
});
