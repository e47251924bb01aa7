import { deflateSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { pdfPagesLines } from "../tests/helpers/pdf-read";
import { apiToken, memberId, tenantApi } from "./fixtures/api";
import { expectNoHorizontalScroll, screenshot, signIn } from "./fixtures/app";
import { seriousViolations } from "./fixtures/axe";
import { ROOT_URL } from "./fixtures/urls";

/**
 * Issue #23 item 8: a tenant ADMIN opens Paramètres → Identité visuelle, is refused a colour
 * below WCAG AA (in French), saves a readable colour, a display name and a logo, and sees them in
 * the header of another page, in an e-mail (the outbox's HTML, shown in the browser) and in the
 * attestation d'assiduité PDF. The settings page on a phone.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const NAME = "Acme Académie";
const PAST = "SST — révision et évaluation";

test.describe.configure({ mode: "serial" });

/** A solid-colour PNG (RGB, no filter) of w×h pixels. */
function png(w: number, h: number, rgb: [number, number, number]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const byte of b) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.concat(Array.from({ length: w }, () => Buffer.from(rgb)))]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

test("an admin is refused a low-contrast colour, saves name, colour and logo, and sees them on a page, in an e-mail and in a PDF", async ({ page, request }) => {
  await signIn(page, "admin@acme.test");
  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  await expect(nav).toBeVisible();
  await nav.getByRole("link", { name: "Paramètres" }).click();
  await page.getByRole("link", { name: "Identité visuelle" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Identité visuelle" })).toBeVisible();

  // A yellow: the preview says the contrast is too low, and the server refuses it in French.
  const colour = page.getByLabel("Couleur principale", { exact: true });
  await colour.fill("#ffff00");
  await expect(page.getByText(/Contraste de 1 pour 1 avec le blanc — insuffisant/)).toBeVisible();
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page.getByText(/Couleur trop claire\s:\sson contraste avec le blanc est de 1 pour 1/)).toBeVisible();
  await screenshot(page, "branding-refused-desktop");

  // A dark red, a display name: saved.
  await page.getByLabel("Nom affiché").fill(NAME);
  await colour.fill("#7c2d12");
  await expect(page.getByText(/Contraste de [\d,]+ pour 1 avec le blanc — conforme AA/)).toBeVisible();
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page.getByText("Identité visuelle enregistrée.")).toBeVisible();
  await expect(page.getByRole("banner").getByText(NAME)).toBeVisible();

  // The logo.
  await page.getByLabel("Fichier du logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png(120, 40, [124, 45, 18]) });
  await expect(page.getByText("Logo enregistré.")).toBeVisible();
  await expect(page.getByRole("img", { name: "Logo actuel de l'organisme" })).toBeVisible();
  await screenshot(page, "branding-saved-desktop");
  // The page itself passes axe-core once a compliant colour is saved (the refused yellow is shown in its preview on purpose).
  expect(await seriousViolations(page)).toEqual([]);

  // Another page: the header shows the new name and the logo, buttons take the colour.
  await nav.getByRole("link", { name: "Formations", exact: true }).click();
  const header = page.getByRole("banner");
  await expect(header.getByText(NAME)).toBeVisible();
  const logo = header.locator('img[src*="/public/tenants/acme/logo"]');
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
  await screenshot(page, "branding-header-desktop");

  // An e-mail sent after the change: its HTML header carries the name, the colour and the logo.
  const admin = tenantApi(request, await apiToken(request, "acme", "admin@acme.test"));
  const invited = await admin.post("/users", { email: "branding-e2e@acme.test", firstName: "Bea", lastName: "Brand", role: "LEARNER" });
  expect(invited.status(), await invited.text()).toBe(201);
  let html = "";
  await expect
    .poll(async () => {
      const res = await request.get(`${ROOT_URL}/api/v1/dev/outbox`, { params: { to: "branding-e2e@acme.test" } });
      html = ((await res.json()) as { data: { html: string | null }[] }).data[0]?.html ?? "";
      return html;
    })
    .toContain(NAME);
  expect(html).toContain("background:#7c2d12");
  const mailPage = await page.context().newPage();
  await mailPage.setContent(html);
  // The header shows the display name, and the mail's text names it too (sendMail's tenantName).
  await expect(mailPage.getByText(NAME, { exact: true })).toBeVisible();
  await expect(mailPage.getByText(new RegExp(`vous invite à rejoindre ${NAME}`))).toBeVisible();
  await expect(mailPage.locator('img[src*="/public/tenants/acme/logo"]')).toBeVisible();
  await screenshot(mailPage, "branding-mail");
  await mailPage.close();

  // A PDF: the attestation d'assiduité prints the display name.
  const sessions = (await (await admin.get("/sessions", { limit: 100 })).json()) as { data: { id: string; title: string }[] };
  const session = sessions.data.find((s) => s.title === PAST);
  expect(session, PAST).toBeTruthy();
  const learnerId = await memberId(admin, "learner3@acme.test");
  const pdf = await admin.get(`/qualiopi/emargement/${session!.id}/attestation/${learnerId}`);
  expect(pdf.status()).toBe(200);
  const lines = (await pdfPagesLines(await pdf.body())).flat().join("\n");
  expect(lines).toContain(NAME);
});

test.describe("phone", () => {
  test.use(PHONE);
  test("the branding page fits a phone", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByText(`Connectez-vous à l'espace d'${NAME}.`)).toBeVisible();
    await signIn(page, "admin@acme.test");
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await page.goto("/settings/branding");
    await expect(page.getByRole("heading", { level: 1, name: "Identité visuelle" })).toBeVisible();
    await expect(page.getByLabel("Nom affiché")).toHaveValue(NAME);
    await expect(page.getByTestId("branding-preview")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await screenshot(page, "branding-phone");
  });
});

// The specs after this one expect the demo branding: put it back.
test.afterAll(async ({ request }) => {
  const headers = { "X-Tenant-ID": "acme", Authorization: `Bearer ${await apiToken(request, "acme", "admin@acme.test")}` };
  const me = (await (await request.get(`${ROOT_URL}/api/v1/tenants/me`, { headers })).json()) as { data: { id: string } };
  expect((await request.patch(`${ROOT_URL}/api/v1/tenants/${me.data.id}`, { headers, data: { branding: { displayName: "Acme Formation", primaryColor: "#1d4ed8" } } })).status()).toBe(200);
  expect((await request.delete(`${ROOT_URL}/api/v1/tenants/me/logo`, { headers })).status()).toBe(200);
});

test("a creator cannot open the branding page", async ({ page }) => {
  await signIn(page, "creator@acme.test");
  await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
  await page.goto("/settings/branding");
  await expect(page.getByText("Cette page est réservée aux administrateurs de l'organisme.")).toBeVisible();
});
