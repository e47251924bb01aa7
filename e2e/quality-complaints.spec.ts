import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { apiToken, mailTo, tenantApi, type OutboxMail } from "./fixtures/api";
import { expectNoHorizontalScroll, screenshot, signIn } from "./fixtures/app";
import { ROOT_URL } from "./fixtures/urls";

/**
 * Issue #11 acceptance: a public complaint on a phone → an admin assigns it → resolves it, and
 * the complainant's e-mail is in the outbox; a CRITICAL complaint opens a plan (and rings the
 * admins' bell).
 * Issue #23 part 4: staff record a complaint received by phone (desktop and phone); a learner files
 * one from their menu, and the acknowledgement with its reference is in the local outbox; the
 * complainant never chooses the severity; the board lays out at 1280, 1024 and 390 px.
 */

const REF = /RECL-\d{4}-\d{4}/;

/** Waits for the e-mail of `template` to `to` whose subject contains `about`. */
async function mailAbout(request: APIRequestContext, to: string, template: string, about: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`${ROOT_URL}/api/v1/dev/outbox`, { params: { to, limit: 50 } });
      found = ((await res.json()) as { data: OutboxMail[] }).data.find((m) => m.template === template && m.subject.includes(about));
      return !!found;
    })
    .toBe(true);
  return found!;
}

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Files the public complaint form from a phone, signed out; without `email`, anonymously (name and e-mail left empty). */
async function fileOnPhone(browser: Browser, c: { subject: string; email?: string; shot?: string }) {
  const context = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("link", { name: "Une difficulté ? Déposer une réclamation" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Déposer une réclamation" })).toBeVisible();
  if (c.email) {
    await page.getByLabel("Nom et prénom").fill("Claire Martin");
    await page.getByLabel("E-mail (pour la réponse)").fill(c.email);
  } else {
    await expect(page.getByText("Laissez le nom et l’e-mail vides pour rester anonyme")).toBeVisible();
  }
  await page.getByLabel("Objet").fill(c.subject);
  await page.getByLabel("Catégorie").selectOption({ label: "Qualité de la formation" });
  await expect(page.getByLabel("Gravité")).toHaveCount(0); // the severity is staff's
  await page.getByLabel("Description").fill("Le support du module 2 ne correspond pas au programme annoncé.");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  if (c.shot) await screenshot(page, c.shot);
  await page.getByRole("button", { name: "Envoyer la réclamation" }).click();
  const done = c.email ? /Votre réclamation est enregistrée sous la référence RECL-\d{4}-\d{4}\. Un accusé de réception/ : /Votre réclamation est enregistrée sous la référence RECL-\d{4}-\d{4}\. Sans adresse e-mail/;
  await expect(page.getByText(done)).toBeVisible();
  await context.close();
}

test("an anonymous public complaint (name and e-mail left empty) is recorded and reads Anonyme in the back office", async ({ page, browser }) => {
  const subject = `Réclamation anonyme ${Date.now()}`;
  await fileOnPhone(browser, { subject });
  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
  await page.goto("/quality");
  await page.getByTestId("complaints-NEW").getByRole("listitem").filter({ hasText: subject }).getByRole("button", { name: "Ouvrir" }).click();
  const dialog = page.getByRole("dialog", { name: subject });
  await expect(dialog.getByRole("definition").filter({ hasText: /^Anonyme$/ })).toBeVisible();
});

test("a public complaint on a phone is assigned and resolved by an admin; the complainant's answer is in the outbox", async ({ page, browser, request }) => {
  const stamp = Date.now();
  const subject = `Support incomplet ${stamp}`;
  const email = `claire.${stamp}@example.com`;
  await fileOnPhone(browser, { subject, email, shot: "complaint-public-phone" });
  const ack = await mailTo(request, email, "complaint-acknowledged");
  expect(ack.subject).toMatch(new RegExp(`^Réclamation RECL-\\d{4}-\\d{4} bien reçue\u202f: ${subject}$`));
  expect(ack.text).toMatch(/^Bonjour Claire Martin,/);
  expect(ack.text).toContain("Nous vous répondrons sous 15 jours");

  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
  await page.goto("/quality");
  const card = page.getByTestId("complaints-NEW").getByRole("listitem").filter({ hasText: subject });
  await card.getByRole("button", { name: "Ouvrir" }).click();
  const dialog = page.getByRole("dialog", { name: subject });
  await expect(dialog.getByText("Claire Martin")).toBeVisible();
  await dialog.getByLabel("Assignée à").selectOption({ label: "Alice Martin" });
  await dialog.getByRole("button", { name: "Assigner" }).click();
  await expect(dialog.getByText("En cours d'examen").first()).toBeVisible();
  await dialog.getByLabel("Commentaire").fill("Vu avec le formateur.");
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(dialog.getByText("Vu avec le formateur.")).toBeVisible();
  await dialog.getByLabel("Réponse au réclamant").fill("Le support complet vous a été envoyé ; nous vérifions désormais chaque module avant la session.");
  await dialog.getByLabel("Actions correctives (une par ligne)").fill("Relecture des supports avant chaque session");
  await screenshot(page, "complaint-detail");
  await dialog.getByRole("button", { name: "Résoudre et notifier" }).click();
  await expect(dialog.getByText("Résolue").first()).toBeVisible();
  await expect(dialog.getByRole("listitem").filter({ hasText: "En cours d'examen → Résolue" })).toBeVisible();
  // the corrective action went into a plan, shown by its title (never an id)
  await expect(dialog.getByRole("link", { name: `Ouvrir le plan « Réclamation : ${subject} »` })).toBeVisible();
  await expect(dialog.getByText(/imp_/)).toHaveCount(0);
  await dialog.getByRole("button", { name: "Fermer" }).last().click();
  await expect(page.getByTestId("complaints-RESOLVED").getByText(subject)).toBeVisible();

  const mail = await mailTo(request, email, "complaint-resolved");
  expect(mail.subject).toMatch(new RegExp(`^Votre réclamation RECL-\\d{4}-\\d{4}\u202f: ${subject}$`));
  expect(mail.text).toContain("Le support complet vous a été envoyé");
  expect(mail.text).toContain("Relecture des supports avant chaque session");
  expect(mail.text).not.toContain("Vu avec le formateur."); // internal comments never reach the complainant
});

test("a CRITICAL complaint recorded by phone opens a DRAFT improvement plan and rings the admins' bell", async ({ page, request }) => {
  test.setTimeout(120_000); // two sign-ins, a recording, a reload and two full-page screenshots on a shared machine
  const subject = `Plateforme inaccessible ${Date.now()}`;
  // a known start: the admin has read everything
  const admin = tenantApi(request, await apiToken(request, "acme", "admin@acme.test"));
  expect((await admin.post("/notifications/read-all", {})).status()).toBe(200);
  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
  const bell = page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications, aucune non lue");

  await page.goto("/quality");
  await page.getByRole("button", { name: "Enregistrer une réclamation" }).click();
  const form = page.getByRole("dialog", { name: "Enregistrer une réclamation reçue" });
  await form.getByLabel("Nom du réclamant").fill("Paul Durand");
  await form.getByLabel("Objet").fill(subject);
  await form.getByLabel("Gravité").selectOption({ label: "Critique" });
  await form.getByLabel("Description").fill("Aucun stagiaire ne peut se connecter depuis ce matin.");
  await form.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: REF }).first()).toBeVisible();
  await page.getByRole("dialog", { name: subject }).getByRole("button", { name: "Fermer" }).last().click();

  await page.reload();
  await expect(page.getByTestId("notification-count")).toHaveText("1");
  await expect(bell).toHaveAccessibleName("Notifications, 1 non lue");
  await bell.click();
  const item = page.getByRole("link", { name: new RegExp(`Réclamation CRITIQUE : « ${subject} »`) });
  await expect(item).toBeVisible();
  await screenshot(page, "notification-bell");
  await item.click();
  const dialog = page.getByRole("dialog", { name: subject });
  await expect(dialog.getByText("Critique").first()).toBeVisible();
  await expect(dialog.getByText(/^Délai 24 h\s:/)).toBeVisible();
  await dialog.getByRole("link", { name: `Ouvrir le plan « Réclamation : ${subject} »` }).click();
  const plan = page.getByTestId("plans-DRAFT").getByRole("listitem").filter({ hasText: `Réclamation : ${subject}` });
  await expect(plan).toBeVisible();
  await screenshot(page, "plans-board");
});

for (const device of [
  { name: "desktop", use: { viewport: { width: 1280, height: 900 } } },
  { name: "phone", use: PHONE },
]) {
  test.describe(`on ${device.name}`, () => {
    test.use(device.use);

    test(`staff record a complaint received by phone (${device.name}); the caller gets the acknowledgement`, async ({ page, request }) => {
      const stamp = Date.now();
      const subject = `Appel : attestation manquante ${stamp}`;
      const email = `appel.${stamp}@example.com`;
      await signIn(page, "admin@acme.test");
      await expect(page).not.toHaveURL(/\/login/);
      await page.goto("/quality");
      await page.getByRole("button", { name: "Enregistrer une réclamation" }).click();
      const form = page.getByRole("dialog", { name: "Enregistrer une réclamation reçue" });
      await expect(form.getByLabel("Reçue par")).toHaveValue("PHONE");
      await form.getByLabel("Nom du réclamant").fill("Marc Lefèvre");
      await form.getByLabel("E-mail du réclamant").fill(email);
      await form.getByLabel("Téléphone du réclamant").fill("06 11 22 33 44");
      await form.getByLabel("Objet").fill(subject);
      await form.getByLabel("Catégorie").selectOption({ label: "Administratif" });
      await form.getByLabel("Gravité").selectOption({ label: "Élevée" });
      await form.getByLabel("Description").fill("Le stagiaire appelle : son attestation de fin de formation ne lui est jamais parvenue.");
      await screenshot(page, `complaint-record-${device.name}`);
      await form.getByRole("button", { name: "Enregistrer", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: `l’accusé de réception part à ${email}` }).first()).toBeVisible();
      const dialog = page.getByRole("dialog", { name: subject });
      const reference = (await dialog.getByTestId("complaint-reference").textContent())!;
      expect(reference).toMatch(REF);
      await expect(dialog.getByText(/Téléphone · /)).toBeVisible();
      await expect(dialog.getByText("06 11 22 33 44")).toBeVisible();
      await expect(dialog.getByRole("link", { name: `Ouvrir le plan « Réclamation : ${subject} »` })).toBeVisible();
      await screenshot(page, `complaint-recorded-detail-${device.name}`);
      await dialog.getByRole("button", { name: "Fermer" }).last().click();
      const card = page.getByTestId("complaints-NEW").getByRole("listitem").filter({ hasText: subject });
      await expect(card.getByText(reference)).toBeVisible();
      await expect(card.getByText("Téléphone")).toBeVisible();
      await expectNoHorizontalScroll(page);

      // The mail writes the typed subject with French spacing too.
      const mailed = `Appel\u202f: attestation manquante ${stamp}`;
      const ack = await mailAbout(request, email, "complaint-acknowledged", mailed);
      expect(ack.subject).toBe(`Réclamation ${reference} bien reçue\u202f: ${mailed}`);
      expect(ack.text).toMatch(/^Bonjour Marc Lefèvre,/);
      expect(ack.text).toContain(`Sa référence est ${reference}`);
    });

    test(`a learner files a complaint from their menu (${device.name}); the acknowledgement is in the outbox`, async ({ page, request }) => {
      const subject = `Vidéo du module 3 illisible ${Date.now()}`;
      await signIn(page, "learner@acme.test");
      const nav = page.getByRole("navigation", { name: "Navigation principale" });
      if (device.name === "phone") await page.getByRole("button", { name: "Ouvrir le menu" }).click();
      await nav.getByRole("link", { name: "Faire une réclamation" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Faire une réclamation" })).toBeVisible();
      await expect(page.getByLabel("E-mail (pour la réponse)")).toHaveValue("learner@acme.test");
      await expect(page.getByLabel("Nom et prénom")).not.toHaveValue("");
      await expect(page.getByLabel("Gravité")).toHaveCount(0);
      await page.getByLabel("Objet").fill(subject);
      await page.getByLabel("Description").fill("La vidéo s'arrête à la deuxième minute.");
      await screenshot(page, `complaint-learner-${device.name}`);
      await page.getByRole("button", { name: "Envoyer la réclamation" }).click();
      const done = page.getByTestId("complaint-reference");
      await expect(done).toContainText("Un accusé de réception vous est envoyé");
      const reference = REF.exec((await done.textContent())!)![0];
      await expectNoHorizontalScroll(page);

      const ack = await mailAbout(request, "learner@acme.test", "complaint-acknowledged", subject);
      expect(ack.subject).toBe(`Réclamation ${reference} bien reçue\u202f: ${subject}`);
      expect(ack.text).toContain("Nous vous répondrons sous 15 jours");
    });
  });
}

test("the board lays out at 1280, 1024 and 390 px: the critical card's badge and button stay in their column", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
  for (const [width, height] of [
    [1280, 900],
    [1024, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto("/quality");
    const critical = page.getByRole("listitem").filter({ hasText: "Accès à la plateforme impossible" });
    await expect(critical).toBeVisible();
    const card = (await critical.boundingBox())!;
    for (const inner of [critical.locator(".badge").last(), critical.getByRole("button", { name: "Ouvrir" })]) {
      const box = (await inner.boundingBox())!;
      expect(box.x, `${width} px`).toBeGreaterThanOrEqual(card.x - 0.5);
      expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(card.x + card.width + 0.5);
    }
    await expectNoHorizontalScroll(page);
    await screenshot(page, `complaints-board-${width}`);
  }
});
