import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { apiToken, tenantApi } from "./fixtures/api";
import { screenshot, signIn } from "./fixtures/app";

/** A small receiver on 127.0.0.1 (the web server runs with ALLOW_HTTP_WEBHOOKS=true). */
const received: { raw: Buffer; headers: IncomingHttpHeaders }[] = [];
let server: Server;
let receiverUrl: string;

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ raw: Buffer.concat(chunks), headers: req.headers });
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.end("reçu");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/platform`;
});
test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test("an admin registers a webhook, keeps the secret and sees a delivery in the log", async ({ page, request }) => {
  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

  await page.getByRole("button", { name: "Enregistrer un webhook" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Nouveau webhook" });
  await expect(dialog).toBeVisible();
  // nothing chosen: the form says so
  await dialog.getByLabel("Adresse (URL HTTPS)").fill(receiverUrl);
  await dialog.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(dialog.getByText("Choisissez au moins un événement")).toBeVisible();
  await dialog.getByLabel("Description").fill("CRM de test");
  await dialog.getByRole("checkbox", { name: /Utilisateur créé/ }).check();
  await dialog.getByRole("checkbox", { name: /Inscription créée/ }).check();
  await screenshot(page, "webhooks-register");
  await dialog.getByRole("button", { name: "Enregistrer", exact: true }).click();

  const secretDialog = page.getByRole("dialog", { name: "Secret de signature" });
  await expect(secretDialog).toBeVisible();
  await expect(secretDialog.getByText("il ne pourra plus jamais être affiché")).toBeVisible();
  const secret = await secretDialog.getByLabel("Secret du webhook").inputValue();
  expect(secret).toMatch(/^whsec_/);
  await secretDialog.getByRole("button", { name: "Copier" }).click();
  await screenshot(page, "webhooks-secret");
  await secretDialog.getByRole("button", { name: "J'ai copié le secret" }).click();
  await expect(secretDialog).toBeHidden();

  const item = page.getByTestId("webhook-item").filter({ hasText: receiverUrl });
  await expect(item).toBeVisible();
  await expect(item.getByText("Actif")).toBeVisible();

  // An operation emits user.created; the in-app worker delivers it.
  const call = tenantApi(request, await apiToken(request, "acme", "admin@acme.test"));
  const email = `webhook-${Date.now()}@acme.test`;
  const created = await call.post("/users", { email, firstName: "Inès", lastName: "Webhook", role: "LEARNER", sendInvitation: false, password: "demo-Passw0rd!" });
  expect(created.status(), await created.text()).toBe(201);

  await item.getByRole("button", { name: "Journal des livraisons" }).click();
  const delivery = item.getByTestId("webhook-delivery").filter({ hasText: "user.created" });
  await expect(delivery).toBeVisible({ timeout: 45_000 });
  await expect(delivery.getByText("Réussie")).toBeVisible({ timeout: 30_000 });
  await expect(delivery.getByText("Tentative 1")).toBeVisible();
  await expect(delivery.getByRole("button", { name: "Renvoyer" })).toBeVisible();
  await screenshot(page, "webhooks-deliveries");

  // The receiver got the raw body, signed with the secret shown once.
  const got = received.find((r) => JSON.parse(r.raw.toString("utf8")).data?.email === email);
  expect(got).toBeTruthy();
  const expected = createHmac("sha256", secret).update(got!.raw).digest();
  expect(timingSafeEqual(expected, Buffer.from(String(got!.headers["x-platform-signature"]), "hex"))).toBe(true);

  // Redeliver: a second attempt appears.
  await delivery.getByRole("button", { name: "Renvoyer" }).click();
  await expect(delivery.getByText("Tentative 2")).toBeVisible({ timeout: 30_000 });
});

test.describe("phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  test("the webhooks page and its log fit a phone", async ({ page }) => {
    await signIn(page, "admin@acme.test");
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
    await page.goto("/webhooks");
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    const item = page.getByTestId("webhook-item").first();
    await expect(item).toBeVisible();
    await item.getByRole("button", { name: "Journal des livraisons" }).click();
    await expect(item.getByTestId("webhook-delivery").first()).toBeVisible({ timeout: 30_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "webhooks-phone");
  });
});
