import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "../../server/env";
import { checkBrandingContrast, pageLogoSrc } from "../../lib/branding";
import { createSession, download, newLearner, startWorld, type World } from "../helpers/attendance";
import { pdfImages } from "../helpers/pdf-read";
import { pdfText } from "../helpers/documents";
import { expectError, outbox } from "../helpers/rest";
import { mailsTo, parseIcs } from "../helpers/sessions";

/**
 * Issue #23 item 8: a tenant ADMIN sets the display name, the primary colour (WCAG AA against
 * white, checked by the server) and the logo; they show in e-mails and PDFs.
 */

const mediaDir = mkdtempSync(path.join(os.tmpdir(), "branding-test-"));
process.env.MEDIA_DIR = mediaDir;
resetEnvCache();

/** A 1x1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

let w: World;
const patch = (body: unknown, token = w.tok.admin) => w.api.call("PATCH", `/tenants/${w.acmeId}`, { tenant: "acme", token, body });
const putLogo = (body: unknown, token = w.tok.admin) => w.api.call("PUT", "/tenants/me/logo", { tenant: "acme", token, body });

beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w.api.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe("checkBrandingContrast", () => {
  it("measures the colour against white, rounded down, AA at 4.5", () => {
    expect(checkBrandingContrast("#ffffff")).toEqual({ ratio: 1, required: 4.5, ok: false });
    expect(checkBrandingContrast("#000000")).toEqual({ ratio: 21, required: 4.5, ok: true });
    expect(checkBrandingContrast("#ffff00")!.ok).toBe(false);
    expect(checkBrandingContrast("#1d4ed8")!.ok).toBe(true);
    // #767676 is the lightest grey that reaches 4.5:1; #777777 falls just short.
    expect(checkBrandingContrast("#767676")!.ok).toBe(true);
    expect(checkBrandingContrast("#777777")!.ok).toBe(false);
    expect(checkBrandingContrast("red")).toBeNull();
  });
});

describe("pageLogoSrc", () => {
  it("reduces our own logo route to a same-origin path (the pages' CSP), keeps any other address", () => {
    expect(pageLogoSrc("http://localhost:3000/api/v1/public/tenants/acme/logo?v=abc")).toBe("/api/v1/public/tenants/acme/logo?v=abc");
    expect(pageLogoSrc("https://cdn.acme.test/logo.png")).toBe("https://cdn.acme.test/logo.png");
  });
});

describe("PATCH /tenants/{id} branding", () => {
  it("an ADMIN sets the display name and colour; GET /tenants/me/branding returns them", async () => {
    const res = await patch({ branding: { displayName: "Acme Académie", primaryColor: "#7c2d12" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const got = await w.api.call("GET", "/tenants/me/branding", { tenant: "acme", token: w.tok.creator });
    expect(got.body.data).toEqual({ displayName: "Acme Académie", primaryColor: "#7c2d12", logoUrl: null });
  });

  it("refuses a colour below AA contrast with 422 BRANDING_CONTRAST_TOO_LOW (worded in French), and keeps the saved one", async () => {
    const res = await w.api.call("PATCH", `/tenants/${w.acmeId}`, { tenant: "acme", token: w.tok.admin, body: { branding: { primaryColor: "#ff0000" } }, headers: { "Accept-Language": "fr" } });
    expectError(res, 422);
    expect(res.body.code).toBe("BRANDING_CONTRAST_TOO_LOW");
    expect(res.body.errors["branding.primaryColor"]).toHaveLength(1);
    expectError(await patch({ branding: { primaryColor: "#ffff00" } }), 422);
    expect(res.body.message).toBe("Couleur trop claire\u202f: son contraste avec le blanc est de 3,9 pour 1, il faut au moins 4,5 pour 1 (WCAG AA).");
    expect((await w.api.call("GET", "/tenants/me/branding", { tenant: "acme", token: w.tok.admin })).body.data.primaryColor).toBe("#7c2d12");
  });

  it("refuses a non-hex colour (400) and any role but ADMIN (403)", async () => {
    expectError(await patch({ branding: { primaryColor: "yellow" } }), 400);
    expectError(await patch({ branding: { primaryColor: "#000000" } }, w.tok.creator), 403);
    expectError(await putLogo({ mimeType: "image/png", dataBase64: PNG.toString("base64") }, w.tok.trainer), 403);
    expectError(await w.api.call("DELETE", "/tenants/me/logo", { tenant: "acme", token: w.tok.creator }), 403);
  });
});

describe("logo", () => {
  it("refuses SVG or text, bytes that are not the declared type, and files over 512 KB", async () => {
    expectError(await putLogo({ mimeType: "image/svg+xml", dataBase64: Buffer.from("<svg/>").toString("base64") }), 400);
    expectError(await putLogo({ mimeType: "text/plain", dataBase64: Buffer.from("hello").toString("base64") }), 400);
    const mismatch = await putLogo({ mimeType: "image/png", dataBase64: Buffer.from("hello").toString("base64") });
    expectError(mismatch, 400);
    expect(mismatch.body.code).toBe("FILE_TYPE_MISMATCH");
    const big = Buffer.concat([PNG, Buffer.alloc(600 * 1024)]);
    const tooLarge = await putLogo({ mimeType: "image/png", dataBase64: big.toString("base64") });
    expect([400, 413]).toContain(tooLarge.status);
  });

  it("accepts a PNG, served publicly at branding.logoUrl; removing it clears the URL and the file", async () => {
    const res = await putLogo({ mimeType: "image/png", dataBase64: PNG.toString("base64") });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const logoUrl: string = res.body.data.branding.logoUrl;
    expect(logoUrl).toMatch(/\/api\/v1\/public\/tenants\/acme\/logo\?v=[\w-]+$/);
    const u = new URL(logoUrl);
    const file = await fetch(`${w.api.url}${u.pathname}${u.search}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    // Another tenant has no logo.
    expect((await fetch(`${w.api.url}/api/v1/public/tenants/globex/logo`)).status).toBe(404);

    const removed = await w.api.call("DELETE", "/tenants/me/logo", { tenant: "acme", token: w.tok.admin });
    expect(removed.status).toBe(200);
    expect(removed.body.data.branding.logoUrl).toBeNull();
    expect((await fetch(`${w.api.url}${u.pathname}`)).status).toBe(404);
    expect((await putLogo({ mimeType: "image/png", dataBase64: PNG.toString("base64") })).status).toBe(200);
  });
});

describe("shown in e-mails and PDFs", () => {
  it("a mail sent after the change carries the display name, colour and logo in its header", async () => {
    const created = await w.api.call("POST", "/users", { tenant: "acme", token: w.tok.admin, body: { email: "brand-mail@acme.test", firstName: "Bea", lastName: "Brand", role: "LEARNER" } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [mail] = await outbox(w.api, "brand-mail@acme.test");
    // The text names the tenant by its display name too, not by its name ("Acme Formation").
    expect(mail?.subject).toBe("Invitation à rejoindre Acme Académie");
    expect(mail?.text).toContain("vous invite à rejoindre Acme Académie sur la plateforme");
    expect(mail?.text).not.toContain("Acme Formation");
    expect(mail?.html).toContain("Acme Académie");
    expect(mail?.html).toContain("background:#7c2d12");
    expect(mail?.html).toMatch(/<img src="http:\/\/[^"]+\/api\/v1\/public\/tenants\/acme\/logo\?v=/);
  });

  it("the calendar invitation of a convocation names the organiser as the mails do: the display name", async () => {
    const s = await createSession(w);
    const learner = await newLearner(w, { firstName: "Iris", lastName: "Invite", sessions: [s] });
    const [mail] = await mailsTo(w.api, learner.email, "session-convocation");
    const invitation = mail?.attachments.find((a) => a.filename === "invitation.ics");
    expect(invitation).toBeDefined();
    const ics = parseIcs(invitation!.content);
    expect(ics.raw).toMatch(/^ORGANIZER;CN="Acme Académie":mailto:\S+@\S+$/m);
    expect(ics.raw).not.toContain("Acme Formation");
  });

  it("the attestation d'assiduité and the attendance sheet print the display name and embed the logo", async () => {
    const s = await createSession(w);
    const learner = await newLearner(w, { firstName: "Lou", lastName: "Logo", sessions: [s] });
    const res = await download(w, `/qualiopi/emargement/${s.id}/attestation/${learner.userId}`, w.tok.admin);
    expect(res.status).toBe(200);
    expect(pdfText(res.bytes)).toContain("Acme Académie");
    const images = await pdfImages(res.bytes);
    expect(images.some((i) => i.width === 1 && i.height === 1)).toBe(true);
    // The attendance sheet: the name in its provider box, the logo on its cover page.
    const sheet = await download(w, `/emargement/${s.id}/pdf`, w.tok.admin);
    expect(sheet.status).toBe(200);
    expect(pdfText(sheet.bytes)).toContain("Acme Académie");
    expect((await pdfImages(sheet.bytes)).some((i) => i.page === 1 && i.width === 1 && i.height === 1)).toBe(true);
  });
});
