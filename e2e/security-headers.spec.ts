import { expect, test, type Browser, type Page } from "@playwright/test";
import { apiToken, scheduleSstSession, sstCourseId, tenantApi } from "./fixtures/api";
import { signIn } from "./fixtures/app";
import { ROOT_URL, tenantUrl } from "./fixtures/urls";

/**
 * Page security headers (issue 13, item 5): every page carries a nonce-based
 * Content-Security-Policy and the other security headers, no internal routing header leaks, and
 * the admin, trainer-live and learner-sign pages run without a single CSP violation (Next's
 * scripts, QR image, signature canvas, video-room join, next-auth sign-in).
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: "fr-FR" };

/** Records CSP violations of a page: the DOM event and Chromium's console report. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  page.on("console", (msg) => {
    if (/Content Security Policy|Content-Security-Policy|Refused to (execute|load|apply|connect|frame)/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

let sessionId: string;
let title: string;

/** A session of the seeded SST course (two enrolled learners), starting soon, with the demo trainer. */
test.beforeAll(async ({ request }) => {
  const admin = tenantApi(request, await apiToken(request, "acme", "admin@acme.test"));
  title = `Sécurité des en-têtes ${new Date().toISOString().slice(11, 19)}`;
  const courseId = await sstCourseId(admin);
  sessionId = await scheduleSstSession(admin, { courseId, title, description: "Session de contrôle de la politique de sécurité du contenu.", durationMinutes: 60 });
});

test("pages carry a nonce-based CSP and the security headers; no internal routing header leaves the server", async ({ page, request }) => {
  const violations = await watchCsp(page);
  const res = (await page.goto("/login"))!;
  const h = res.headers();
  const csp = h["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce, csp).toBeTruthy();
  expect(csp).toContain("'strict-dynamic'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain("'unsafe-eval'");
  expect(h["x-frame-options"]).toBe("DENY");
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(h["permissions-policy"]).toContain("camera=(self)");
  expect(h["permissions-policy"]).toContain("microphone=(self)");
  expect(h["permissions-policy"]).toContain("display-capture=(self)");
  expect(h["permissions-policy"]).toContain("geolocation=(self)");
  expect(h["permissions-policy"]).toContain("payment=()");
  // HSTS is sent by production builds (browsers ignore it over plain http).
  expect(h["strict-transport-security"]).toMatch(/max-age=\d+/);
  // The tenant sub-domain is served by a rewrite: its internal path is not disclosed.
  expect(Object.keys(h).filter((k) => k.startsWith("x-middleware"))).toEqual([]);

  // Next's scripts carry the header's nonce; none runs without it.
  await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
  const scripts = await page.evaluate(() => [...document.querySelectorAll("script")].map((s) => ({ nonce: s.nonce, src: s.src })));
  expect(scripts.length).toBeGreaterThan(0);
  for (const s of scripts) expect(s.nonce, s.src || "inline script").toBe(nonce);

  // A fresh nonce per answer, on the root host too.
  const again = await request.get(`${ROOT_URL}/login`);
  const other = /'nonce-([^']+)'/.exec(again.headers()["content-security-policy"] ?? "")?.[1];
  expect(other).toBeTruthy();
  expect(other).not.toBe(nonce);
  expect(Object.keys(again.headers()).filter((k) => k.startsWith("x-middleware"))).toEqual([]);
  const tenantPage = await request.get(`${ROOT_URL}/login`, { headers: { Host: new URL(tenantUrl("acme")).host } });
  expect(Object.keys(tenantPage.headers()).filter((k) => k.startsWith("x-middleware"))).toEqual([]);
  expect(violations).toEqual([]);
});

test("admin pages run without a CSP violation", async ({ page }) => {
  const violations = await watchCsp(page);
  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Utilisateurs" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Utilisateurs" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "learner@acme.test" })).toBeVisible();
  await page.goto("/users");
  await expect(page.getByRole("heading", { level: 1, name: "Utilisateurs" })).toBeVisible();
  expect(violations).toEqual([]);
});

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, baseURL: tenantUrl("acme") });
  return context.newPage();
}

test("the trainer's live page (QR code, video room) and the learner's sign page (drawn signature) run without a CSP violation", async ({ browser, page }) => {
  test.setTimeout(180_000);
  const violations = await watchCsp(page);
  await signIn(page, "trainer@acme.test");
  await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
  await page.goto(`/sessions/${sessionId}/live`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByRole("button", { name: "Démarrer la session" }).click();
  await expect(page.getByText("En direct", { exact: true })).toBeVisible();
  const qr = page.getByTestId("live-qr");
  await expect(qr.getByRole("img", { name: "QR code de signature de la session" })).toBeVisible();
  const signUrl = (await qr.getAttribute("data-sign-url"))!;
  expect(violations, "trainer live page").toEqual([]);

  // A learner on a phone: the QR link's page, signed out, then the drawn signature.
  const learner = await phone(browser);
  const learnerViolations = await watchCsp(learner);
  await learner.goto(signUrl);
  await expect(learner.getByRole("heading", { level: 1, name: "Signer ma présence" })).toBeVisible();
  await learner.getByLabel("Adresse e-mail").fill("learner2@acme.test");
  await learner.getByLabel("Mot de passe", { exact: true }).fill(process.env.SEED_PASSWORD ?? "demo-Passw0rd!");
  await learner.getByRole("button", { name: "Se connecter" }).click();
  await expect(learner.getByText(title)).toBeVisible();
  await learner.goto("/sign-attendance");
  const card = learner.getByRole("article", { name: title });
  // The video room of the live session: its access token (the room opens in a new window).
  await card.getByRole("button", { name: "Rejoindre la classe virtuelle" }).click();
  await expect(card.getByText("Votre accès à la salle est prêt.")).toBeVisible();
  await card.getByRole("link", { name: /Signer ma présence/ }).click();
  await expect(learner.getByRole("heading", { level: 1, name: "Signer ma présence" })).toBeVisible();
  await learner.getByRole("button", { name: "Signature", exact: true }).click();
  const canvas = learner.getByRole("img", { name: "Zone de signature" });
  const box = (await canvas.boundingBox())!;
  await learner.mouse.move(box.x + 20, box.y + box.height / 2);
  await learner.mouse.down();
  for (let i = 1; i <= 45; i++) await learner.mouse.move(box.x + 20 + ((box.width - 40) * i) / 45, box.y + box.height * (0.5 + Math.sin(i / 3) * 0.25));
  await learner.mouse.up();
  await learner.getByRole("button", { name: "Envoyer ma signature" }).click();
  await expect(learner.getByRole("heading", { name: "Présence enregistrée" })).toBeVisible();
  expect(learnerViolations, "learner sign page").toEqual([]);
  expect(violations, "trainer live page after the signature").toEqual([]);
});
