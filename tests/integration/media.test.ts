import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "../../server/env";
import { startApi, type TestApi } from "../helpers/api";
import { createCourse, minimalCourse } from "../helpers/courses";
import { expectError, expectUnknownFields, expectValidation, tenantBySlug } from "../helpers/rest";
import { createMember, tokenFor } from "../factories";

const mediaDir = mkdtempSync(path.join(os.tmpdir(), "media-test-"));
process.env.MEDIA_DIR = mediaDir;
resetEnvCache();

/** A 1x1 transparent PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const b64 = (b: Buffer | string) => Buffer.from(b).toString("base64");

let api: TestApi;
let acmeId: string;
let admin: string;
let creator: string;
let creator2: string;
let learner: string;
let globexCreator: string;
/** The raw download route (server/http/media-download.ts), served by the API handler. */
let download: { url: string; close(): Promise<void> };

beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  await createMember(api.db, acmeId, "CREATOR", "creator2@acme.test");
  [admin, creator, creator2, learner] = (await Promise.all(["admin", "creator", "creator2", "learner"].map((l) => tokenFor(api, "acme", l)))) as [string, string, string, string];
  globexCreator = await tokenFor(api, "globex", "creator");
  download = { url: api.url, close: async () => undefined };
});
afterAll(async () => {
  await download.close();
  await api.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

const upload = (body: unknown, token = creator, tenant = "acme") => api.call("POST", "/media", { tenant, token, body });
const fetchFile = (id: string, opts: { token?: string; tenant?: string; query?: string; method?: string } = {}) =>
  fetch(`${download.url}/api/v1/media/${id}/file${opts.query ?? ""}`, {
    method: opts.method ?? "GET",
    headers: { ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}), ...(opts.tenant ? { "X-Tenant-ID": opts.tenant } : {}) },
  });

describe("POST /media", () => {
  it("stores an image and answers its record (201)", async () => {
    const res = await upload({ fileName: "logo.png", mimeType: "image/png", dataBase64: b64(PNG) });
    expect(res.status).toBe(201);
    const m = res.body.data;
    expect(m).toEqual({
      id: expect.stringMatching(/^med_[a-z0-9]{24}$/),
      kind: "IMAGE",
      fileName: "logo.png",
      mimeType: "image/png",
      sizeBytes: PNG.length,
      url: `/api/v1/media/${m.id}/file`,
      uploadedBy: expect.stringMatching(/^usr_/),
      createdAt: expect.any(String),
    });
    const onDisk = path.join(mediaDir, acmeId, m.id);
    expect(existsSync(onDisk)).toBe(true);
    expect(readFileSync(onDisk).equals(PNG)).toBe(true);
  });

  it("derives the kind from the MIME type and keeps only the file name's last segment", async () => {
    const video = await upload({ fileName: "intro.mp4", mimeType: "video/mp4", dataBase64: b64("fake video bytes") });
    expect(video.body.data).toMatchObject({ kind: "VIDEO", sizeBytes: 16 });
    const pdf = await upload({ fileName: "../../etc/programme.pdf", mimeType: "Application/PDF", dataBase64: b64("%PDF-1.4") }, admin);
    expect(pdf.body.data).toMatchObject({ kind: "DOCUMENT", fileName: "programme.pdf", mimeType: "application/pdf" });
    const win = await upload({ fileName: "C:\\Users\\me\\notes.txt", mimeType: "text/plain", dataBase64: b64("hello") });
    expect(win.body.data.fileName).toBe("notes.txt");
  });

  it("answers 400 for invalid base64, a bad MIME type, mismatching image bytes, unknown fields", async () => {
    expectValidation(await upload({ fileName: "a.png", mimeType: "image/png", dataBase64: "not base64!" }), ["dataBase64"]);
    expectValidation(await upload({ fileName: "", mimeType: "png", dataBase64: "" }), ["fileName", "mimeType", "dataBase64"]);
    expectValidation(await upload({}), ["fileName", "mimeType", "dataBase64"]);
    expectError(await upload({ fileName: "fake.png", mimeType: "image/png", dataBase64: b64("<svg>not a png</svg>") }), 400, "File content does not match its MIME type");
    expectUnknownFields(await upload({ fileName: "a.txt", mimeType: "text/plain", dataBase64: b64("x"), kind: "IMAGE" }), ["kind"]);
  });

  it("answers 400 above MEDIA_MAX_BYTES", async () => {
    process.env.MEDIA_MAX_BYTES = "1024";
    resetEnvCache();
    try {
      const res = await upload({ fileName: "big.bin", mimeType: "application/octet-stream", dataBase64: b64(Buffer.alloc(1500, 7)) });
      expectError(res, 400, "File too large: the limit is 1 KB");
      expect((await upload({ fileName: "ok.bin", mimeType: "application/octet-stream", dataBase64: b64(Buffer.alloc(1024, 7)) })).status).toBe(201);
    } finally {
      delete process.env.MEDIA_MAX_BYTES;
      resetEnvCache();
    }
  });

  it("answers 401 without a token and 403 for a LEARNER", async () => {
    const body = { fileName: "a.txt", mimeType: "text/plain", dataBase64: b64("x") };
    expectError(await api.call("POST", "/media", { tenant: "acme", body }), 401);
    expectError(await upload(body, learner), 403, "Forbidden: CREATOR or ADMIN required");
  });
});

describe("GET /media/{id} and the file download", () => {
  let image: { id: string };
  let html: { id: string };
  let globexImage: { id: string };
  beforeAll(async () => {
    image = (await upload({ fileName: "photo équipe.png", mimeType: "image/png", dataBase64: b64(PNG) })).body.data;
    html = (await upload({ fileName: "page.html", mimeType: "text/html", dataBase64: b64("<script>alert(1)</script>") })).body.data;
    globexImage = (await upload({ fileName: "g.png", mimeType: "image/png", dataBase64: b64(PNG) }, globexCreator, "globex")).body.data;
  });

  it("gives any member the metadata; another tenant's media is 404", async () => {
    const res = await api.call("GET", `/media/${image.id}`, { tenant: "acme", token: learner });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: image.id, kind: "IMAGE", fileName: "photo équipe.png", url: `/api/v1/media/${image.id}/file` });
    expectError(await api.call("GET", `/media/${globexImage.id}`, { tenant: "acme", token: admin }), 404, "Media not found");
    expectError(await api.call("GET", `/media/${image.id}`, { tenant: "acme" }), 401);
    expectError(await api.call("GET", `/media/${image.id}`, { tenant: "globex", token: admin }), 403);
  });

  it("serves the bytes with their type, inline for images, as an attachment for HTML", async () => {
    const res = await fetchFile(image.id, { token: learner, tenant: "acme" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-length")).toBe(String(PNG.length));
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="photo _quipe.png"; filename*=UTF-8''photo%20%C3%A9quipe.png`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    const page = await fetchFile(html.id, { token: creator, tenant: "acme" });
    expect(page.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(page.headers.get("content-security-policy")).toContain("sandbox");
    expect(await page.text()).toBe("<script>alert(1)</script>");
    // tenant from the query string (for <img src>), and HEAD
    expect((await fetchFile(image.id, { token: learner, query: "?tenant=acme" })).status).toBe(200);
    const head = await fetchFile(image.id, { token: learner, tenant: "acme", method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(PNG.length));
  });

  it("answers 401, 403, 404 and 400 with the JSON error body", async () => {
    const noToken = await fetchFile(image.id, { tenant: "acme" });
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toEqual({ statusCode: 401, code: "UNAUTHORIZED", message: "Unauthorized" });
    expect((await fetchFile(image.id, { token: globexCreator, tenant: "acme" })).status).toBe(403);
    const cross = await fetchFile(globexImage.id, { token: admin, tenant: "acme" });
    expect(cross.status).toBe(404);
    expect(await cross.json()).toEqual({ statusCode: 404, code: "MEDIA_NOT_FOUND", message: "Media not found" });
    expect((await fetchFile(image.id, { token: admin, tenant: "nowhere" })).status).toBe(404);
    expect((await fetchFile(image.id, { token: admin })).status).toBe(400);
    expect((await fetchFile("med_missing", { token: admin, tenant: "acme" })).status).toBe(404);
    // other paths are not this route's: GET /media/{id} is the JSON operation
    const record = await fetch(`${download.url}/api/v1/media/${image.id}`);
    expect(record.status).toBe(401);
    expect(record.headers.get("content-type")).toMatch(/^application\/json/);
  });
});

describe("PATCH /courses/{id}/images/{banner|featured}/reference", () => {
  let image: { id: string };
  let doc: { id: string };
  let globexImage: { id: string };
  beforeAll(async () => {
    image = (await upload({ fileName: "banner.png", mimeType: "image/png", dataBase64: b64(PNG) })).body.data;
    doc = (await upload({ fileName: "doc.pdf", mimeType: "application/pdf", dataBase64: b64("%PDF") })).body.data;
    globexImage = (await upload({ fileName: "g.png", mimeType: "image/png", dataBase64: b64(PNG) }, globexCreator, "globex")).body.data;
  });
  const ref = (courseId: string, slot: string, mediaId: string | null, token = creator) =>
    api.call("PATCH", `/courses/${courseId}/images/${slot}/reference`, { tenant: "acme", token, body: { mediaId } });

  it("links and unlinks the banner and featured images", async () => {
    const c = await createCourse(api, "acme", creator, minimalCourse({ title: "Avec images" }));
    const banner = await ref(c.id, "banner", image.id);
    expect(banner.status).toBe(200);
    expect(banner.body.data).toMatchObject({ id: c.id, bannerMediaId: image.id, featuredMediaId: null });
    expect((await ref(c.id, "featured", image.id, admin)).body.data).toMatchObject({ bannerMediaId: image.id, featuredMediaId: image.id });
    expect((await ref(c.id, "banner", null)).body.data).toMatchObject({ bannerMediaId: null, featuredMediaId: image.id });
  });

  it("answers 400 for a non-image, 404 for another tenant's media or course, 403 and 401", async () => {
    const c = await createCourse(api, "acme", creator, minimalCourse({ title: "Images refusées" }));
    const notImage = await ref(c.id, "banner", doc.id);
    expectError(notImage, 400, "Media is not an image");
    expectError(await ref(c.id, "featured", globexImage.id), 404, "Media not found");
    expectError(await ref(c.id, "banner", "med_missing"), 404);
    expectError(await ref("crs_missing", "banner", image.id), 404, "Course not found");
    expectError(await ref(c.id, "banner", image.id, creator2), 403);
    expectError(await ref(c.id, "banner", image.id, learner), 403);
    expectError(await api.call("PATCH", `/courses/${c.id}/images/banner/reference`, { tenant: "acme", body: { mediaId: image.id } }), 401);
    expectValidation(await api.call("PATCH", `/courses/${c.id}/images/banner/reference`, { tenant: "acme", token: creator, body: {} }), ["mediaId"]);
    expectUnknownFields(await api.call("PATCH", `/courses/${c.id}/images/banner/reference`, { tenant: "acme", token: creator, body: { mediaId: null, url: "x" } }), ["url"]);
  });
});

describe("through the app's API handler", () => {
  it("accepts a 2 MB upload (above the 1 MB JSON limit of other bodies) and serves it at /api/v1/media/{id}/file", async () => {
    const bytes = Buffer.alloc(2 * 1024 * 1024, 42);
    const created = await upload({ fileName: "support.pdf", mimeType: "application/pdf", dataBase64: b64(bytes) });
    expect(created.status).toBe(201);
    expect(created.body.data.sizeBytes).toBe(bytes.length);
    const res = await fetch(`${api.url}/api/v1/media/${created.body.data.id}/file`, { headers: { authorization: `Bearer ${learner}`, "x-tenant-id": "acme" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("still refuses a large body on other operations", async () => {
    const res = await api.call("POST", "/courses", { tenant: "acme", token: creator, body: { title: "x", description: "y".repeat(1_100_000), price: 0, currency: "EUR" } });
    expectError(res, 413, "Request body too large");
  });
});
