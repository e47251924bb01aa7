import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { screenshot, signIn } from "./fixtures/app";

/**
 * Mail settings: an admin saves the tenant-level SMTP configuration pointing at a real SMTP server
 * this spec starts on 127.0.0.1 (with AUTH), sees it, sends a test (received by that server) and
 * sees the verified badge; a creator sees their own form with the fallback order; a phone shows it.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const received: { to: string[]; raw: string }[] = [];
let server: SMTPServer;
let port = 0;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth: (auth, _s, cb) => (auth.username === "e2e" && auth.password === "e2e-smtp-pass" ? cb(null, { user: "e2e" }) : cb(new Error("Invalid username or password"))),
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test("an admin saves an SMTP configuration, sends a test through it and sees it verified", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await page.getByRole("button", { name: /Menu de|menu/i }).first().click();
  await page.getByRole("link", { name: "Paramètres e-mail" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Paramètres e-mail" })).toBeVisible();
  await expect(page.getByText("Aucune configuration enregistrée.")).toBeVisible();

  await page.getByRole("combobox", { name: "Fournisseur" }).selectOption("SMTP");
  await page.getByLabel("Nom de l'expéditeur").fill("Acme Formation");
  await page.getByLabel("Adresse de l'expéditeur").fill("formation@acme.test");
  await page.getByLabel("Serveur SMTP", { exact: true }).fill("127.0.0.1");
  await page.getByLabel("Port", { exact: true }).fill(String(port));
  await page.getByLabel("Identifiant SMTP").fill("e2e");
  await page.getByLabel("Mot de passe SMTP").fill("e2e-smtp-pass");
  await page.getByRole("button", { name: "Enregistrer la configuration" }).click();
  await expect(page.getByText("Configuration enregistrée.", { exact: true })).toBeVisible();
  await expect(page.getByText("Non vérifiée")).toBeVisible();
  await expect(page.getByText("Identifiants enregistrés (chiffrés)")).toBeVisible();
  // The password is never shown back.
  await expect(page.getByLabel("Mot de passe SMTP")).toHaveValue("");
  expect(await page.content()).not.toContain("e2e-smtp-pass");

  await page.getByRole("button", { name: "Envoyer un test" }).click();
  await expect(page.getByText(/Message de test envoyé à votre adresse/)).toBeVisible();
  await expect(page.getByText("Vérifiée", { exact: true })).toBeVisible();
  expect(received.at(-1)?.to).toEqual(["admin@acme.test"]);
  expect(received.at(-1)?.raw).toContain("Subject: Test de votre configuration e-mail");
  await screenshot(page, "mail-settings-admin");

  // Reloaded: the saved configuration is shown.
  await page.reload();
  await expect(page.getByLabel("Serveur SMTP", { exact: true })).toHaveValue("127.0.0.1");
  await expect(page.getByText("Vérifiée", { exact: true })).toBeVisible();
});

test("a wrong password: the test send shows the server's refusal", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("navigation").first()).toBeVisible();
  await page.goto("/settings/mail");
  await page.getByLabel("Mot de passe SMTP").fill("wrong");
  await page.getByRole("button", { name: "Enregistrer la configuration" }).click();
  await expect(page.getByText("Configuration enregistrée.", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Envoyer un test" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Le message de test n'est pas parti." })).toBeVisible();
  await expect(page.getByText(/Dernier essai en échec/)).toBeVisible();

  // Deleted after the confirmation: the tenant's mail goes back down the fallback chain (the
  // specs that follow read the local outbox, not this spec's SMTP server, which stops with it).
  await page.getByRole("button", { name: "Supprimer la configuration" }).click();
  const confirm = page.getByRole("dialog", { name: "Supprimer la configuration e-mail ?" });
  await confirm.getByRole("button", { name: "Supprimer la configuration" }).click();
  await expect(page.getByText("Aucune configuration enregistrée.")).toBeVisible();
});

test("a creator on a phone: their own configuration and the fallback order", async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, locale: "fr-FR" });
  const page = await context.newPage();
  await signIn(page, "creator@acme.test");
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/settings/mail");
  await expect(page.getByRole("heading", { level: 1, name: "Paramètres e-mail" })).toBeVisible();
  await expect(page.getByText(/Ordre de repli\s: votre configuration personnelle/)).toBeVisible();
  await expect(page.getByText("Aucune configuration enregistrée.")).toBeVisible();
  await page.getByRole("combobox", { name: "Fournisseur" }).selectOption("GOOGLE");
  await expect(page.getByText(/connectez le compte/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
  await screenshot(page, "mail-settings-creator-phone");
  await context.close();
});
