import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { PNG } from "pngjs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingClients, invoices } from "../../server/db/schema";
import { resetEnvCache } from "../../server/env";
import { seedCaller } from "../../server/seed/seed-caller";
import { removeTenantLogo, setTenantLogo, tenantLogoDataUrl } from "../../server/services/tenants/logo";
import { opaquePng } from "../../server/services/documents/opaque-png";
import { startWorld, type World } from "../helpers/attendance";
import { fetchBytes, pdfImageList, pdfText } from "../helpers/documents";
import { pdfImageColorSpaces } from "../helpers/pdf-read";
import { assertIssuedPdf } from "../helpers/facturx-validate";
import { createLearningCourse, insertEnrollment } from "../factories/learning";

/**
 * The tenant's logo on the convention and on the invoice / credit note, as on the attestation
 * and the attendance sheet: one image in the header when the tenant has a logo, none without;
 * the invoice stays a valid Factur-X PDF/A-3 with it (a transparent logo is flattened onto white, a
 * CMYK one converted to sRGB, the colour space of the invoice's output intent).
 */

const mediaDir = mkdtempSync(path.join(os.tmpdir(), "document-logo-test-"));
process.env.MEDIA_DIR = mediaDir;
resetEnvCache();

/** A 60x20 logo: a dark blue bar on a transparent background, half-transparent red in the corner. */
function logoPng(): Buffer {
  const png = new PNG({ width: 60, height: 20 });
  for (let y = 0; y < 20; y++) {
    for (let x = 0; x < 60; x++) {
      const i = (y * 60 + x) * 4;
      const bar = y >= 6 && y < 14;
      const corner = x < 6 && y < 6;
      png.data.set(bar ? [30, 58, 138, 255] : corner ? [255, 0, 0, 128] : [0, 0, 0, 0], i);
    }
  }
  return PNG.sync.write(png);
}
const LOGO = logoPng();
const isLogo = (i: { width: number; height: number }) => i.width === 60 && i.height === 20;

let w: World;
const now = () => w.now();
const admin = () => seedCaller(w.api.db, w.acmeId, w.uid.admin);

beforeAll(async () => {
  w = await startWorld();
}, 300_000);
afterAll(async () => {
  await w?.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe("opaquePng", () => {
  it("composites a translucent PNG onto white as opaque RGB; an opaque one is kept as it is", () => {
    const flat = PNG.sync.read(opaquePng(LOGO));
    expect([flat.width, flat.height]).toEqual([60, 20]);
    // IHDR colour type 2: RGB, no alpha channel.
    expect(opaquePng(LOGO)[25]).toBe(2);
    expect(LOGO[25]).toBe(6);
    const px = (x: number, y: number) => [...flat.data.subarray((y * 60 + x) * 4, (y * 60 + x) * 4 + 4)];
    expect(px(30, 10)).toEqual([30, 58, 138, 255]);
    expect(px(30, 2)).toEqual([255, 255, 255, 255]);
    expect(px(1, 1)).toEqual([255, 127, 127, 255]);
    const opaque = opaquePng(LOGO);
    expect(opaquePng(opaque)).toBe(opaque);
  });
});

async function conventionPdf(): Promise<Buffer> {
  const [employer] = await w.api.db.select().from(billingClients).where(and(eq(billingClients.tenantId, w.acmeId), eq(billingClients.name, "Boulangerie Durand SARL"))).limit(1);
  const course = await createLearningCourse(w.api.db, w.acmeId, { creatorId: w.uid.creator, title: "Accueil du public", modules: [{ title: "Accueillir", lessons: [{ title: "Les premiers mots" }] }] });
  const enr = await insertEnrollment(w.api.db, w.acmeId, { courseId: course.id, userId: w.uid.learner });
  const res = await w.call("POST", `/enrollments/${enr.id}/conventions`, w.tok.admin, { clientId: employer!.id });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const pdf = await fetchBytes(w.api, "GET", res.body.data.versions[0].pdfUrl.replace(/^\/api\/v1/, ""), { tenant: "acme", token: w.tok.admin });
  expect(pdf.status).toBe(200);
  return pdf.bytes;
}

async function invoicePdf(kind: "invoice" | "credit note"): Promise<Buffer> {
  const [row] = await w.api.db.select({ clientId: invoices.clientId }).from(invoices).where(eq(invoices.tenantId, w.acmeId)).limit(1);
  const d = await w.call("POST", "/billing/invoices", w.tok.finance, { clientId: row!.clientId, items: [{ description: "Formation accueil", quantity: 1, unitPriceCents: 60_000, vatRate: 0 }] });
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  const issued = await w.call("POST", `/billing/invoices/${d.body.data.id}/issue`, w.tok.finance);
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  let id: string = d.body.data.id;
  if (kind === "credit note") {
    const cancelled = await w.call("POST", `/billing/invoices/${id}/cancel`, w.tok.finance, { reason: "Annulation de la prestation" });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    id = cancelled.body.data.cancellationCreditNote.id;
  }
  const pdf = await fetchBytes(w.api, "GET", `/billing/invoices/${id}/pdf`, { tenant: "acme", token: w.tok.finance });
  expect(pdf.status, pdf.bytes.toString("utf8").slice(0, 200)).toBe(200);
  return pdf.bytes;
}

/** Keeps a rendering's first page for a look (LOGO_PDF_DIR set: the PDFs are written there). */
function keep(name: string, bytes: Buffer) {
  if (process.env.LOGO_PDF_DIR) writeFileSync(path.join(process.env.LOGO_PDF_DIR, `${name}.pdf`), bytes);
}

describe("without a logo", () => {
  it("the convention and the invoice print the name alone: no logo image", async () => {
    expect(await tenantLogoDataUrl(w.acmeId)).toBeNull();
    const convention = await conventionPdf();
    expect(pdfText(convention)).toContain("Acme");
    expect(pdfImageList(convention).filter(isLogo)).toEqual([]);
    const invoice = await invoicePdf("invoice");
    await assertIssuedPdf(invoice, { signed: true });
    expect(pdfImageList(invoice).filter(isLogo)).toEqual([]);
  }, 120_000);
});

describe("with the tenant's logo", () => {
  beforeAll(async () => {
    await setTenantLogo(w.api.db, await admin(), { mimeType: "image/png", dataBase64: LOGO.toString("base64") }, now());
  });
  afterAll(async () => {
    await removeTenantLogo(w.api.db, await admin(), now());
  });

  it("the convention prints it once, on its first page, flattened (no soft mask)", async () => {
    const bytes = await conventionPdf();
    keep("convention", bytes);
    const images = pdfImageList(bytes);
    // One image, no soft mask of its own (the verification QR codes keep theirs).
    expect(images.filter(isLogo)).toEqual([{ page: 1, type: "image", width: 60, height: 20 }]);
  }, 120_000);

  it("the invoice and the credit note print it on their first page and stay valid Factur-X PDF/A-3b", async () => {
    for (const kind of ["invoice", "credit note"] as const) {
      const bytes = await invoicePdf(kind);
      keep(kind.replace(" ", "-"), bytes);
      const check = await assertIssuedPdf(bytes, { signed: true });
      expect(check.pdfaPart).toBe("3");
      const images = pdfImageList(bytes);
      expect(images.filter(isLogo), kind).toEqual([{ page: 1, type: "image", width: 60, height: 20 }]);
    }
  }, 240_000);
});

/** A 48x16 logo in CMYK, as print shops deliver them: a dark blue bar on white. */
const BLUE = { r: 30, g: 58, b: 138 };
async function cmykJpeg(): Promise<Buffer> {
  const bar = await sharp({ create: { width: 48, height: 8, channels: 3, background: BLUE } }).png().toBuffer();
  return sharp({ create: { width: 48, height: 16, channels: 3, background: "#ffffff" } })
    .composite([{ input: bar, top: 4, left: 0 }])
    .toColourspace("cmyk")
    .jpeg({ quality: 95 })
    .toBuffer();
}
const isCmykLogo = (i: { width: number; height: number }) => i.width === 48 && i.height === 16;
const fromDataUrl = (url: string) => Buffer.from(url.slice(url.indexOf(",") + 1), "base64");

describe("with a CMYK JPEG logo", () => {
  let jpeg: Buffer;
  beforeAll(async () => {
    jpeg = await cmykJpeg();
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.space, meta.channels]).toEqual(["jpeg", "cmyk", 4]);
    await setTenantLogo(w.api.db, await admin(), { mimeType: "image/jpeg", dataBase64: jpeg.toString("base64") }, now());
  });
  afterAll(async () => {
    await removeTenantLogo(w.api.db, await admin(), now());
  });

  it("the documents get an sRGB copy with the same colours; the stored file is the upload", async () => {
    const url = (await tenantLogoDataUrl(w.acmeId))!;
    expect(url.startsWith("data:image/jpeg;base64,")).toBe(true);
    const copy = fromDataUrl(url);
    const meta = await sharp(copy).metadata();
    expect([meta.space, meta.channels, meta.width, meta.height]).toEqual(["srgb", 3, 48, 16]);
    const { data, info } = await sharp(copy).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    // The bar stays dark blue and the background white (not inverted nor shifted by the conversion).
    const [r, g, b] = px(24, 8) as [number, number, number];
    expect(Math.abs(r - BLUE.r) + Math.abs(g - BLUE.g) + Math.abs(b - BLUE.b)).toBeLessThan(60);
    expect(px(24, 1).every((c) => c > 240)).toBe(true);
    const logo = await fetch(`${w.api.url}/api/v1/public/tenants/acme/logo`);
    expect(Buffer.from(await logo.arrayBuffer()).equals(jpeg)).toBe(true);
  });

  it("the invoice embeds it as DeviceRGB and stays a valid Factur-X PDF/A-3b", async () => {
    const bytes = await invoicePdf("invoice");
    keep("invoice-cmyk-logo", bytes);
    const check = await assertIssuedPdf(bytes, { signed: true });
    expect(check.images.filter(isCmykLogo)).toEqual([{ page: 1, width: 48, height: 16, colorSpace: "DeviceRGB" }]);
    expect(check.images.map((i) => i.colorSpace)).not.toContain("DeviceCMYK");
  }, 120_000);

  it("the convention embeds the same sRGB copy", async () => {
    const bytes = await conventionPdf();
    expect((await pdfImageColorSpaces(bytes)).filter(isCmykLogo)).toEqual([{ page: 1, width: 48, height: 16, colorSpace: "DeviceRGB" }]);
  }, 120_000);
});

describe("with a WebP logo", () => {
  afterAll(async () => {
    await removeTenantLogo(w.api.db, await admin(), now());
  });

  it("the documents get a PNG copy (the PDF renderer draws no WebP)", async () => {
    const webp = await sharp({ create: { width: 40, height: 10, channels: 4, background: { ...BLUE, alpha: 1 } } }).webp({ lossless: true }).toBuffer();
    await setTenantLogo(w.api.db, await admin(), { mimeType: "image/webp", dataBase64: webp.toString("base64") }, now());
    const url = (await tenantLogoDataUrl(w.acmeId))!;
    expect(url.startsWith("data:image/png;base64,")).toBe(true);
    const png = PNG.sync.read(fromDataUrl(url));
    expect([png.width, png.height]).toEqual([40, 10]);
    expect([...png.data.subarray(0, 4)]).toEqual([BLUE.r, BLUE.g, BLUE.b, 255]);
  });
});
