import { webcrypto } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { parseSvrl as parseSvrlAsserts, profileOfXml, runSchematron, stylesheetsFor, xsdValidate } from "../../server/services/billing/facturx/validation/core";
import { ARTEFACTS_DIR, type Stylesheet } from "../../server/services/billing/facturx/validation/stylesheets";
import { pdfAttachments, pdfFonts, pdfImageColorSpaces, pdfMetadata, pdfSignatureFields, pdfStructure, type PdfFont } from "./pdf-read";

/**
 * Checks of the Factur-X XML and of the issued PDFs with the official artefacts (the server's
 * copy, server/services/billing/facturx/validation/artefacts: Factur-X 1.09.2 XSD and
 * Schematron-as-XSLT per profile, CEN EN 16931 CII rules v1.3.16, French BR-FR Flux 2 V1.3.0).
 * The XML checks are the server's own validator (facturx/validation/core.ts: libxml2-wasm for the
 * XSD, SaxonJS over the committed SEFs for the three Schematrons), called in this process; here
 * every failed assert (and successful report), errors and warnings alike, comes back in
 * `failedAsserts`, labelled by stylesheet (FACTUR-X_<profile>, CEN, BR-FR) as the Debian
 * cross-check labels them. The same checks with the Debian tools (xmllint, Saxon-HE on Java,
 * qpdf, poppler) are in `validateFacturxXmlBatchWithDebianTools` / `checkIssuedPdfWithDebianTools`
 * (tests/helpers/facturx-debian.ts), run as a cross-check where those tools are installed.
 */

export const FACTURX_ARTEFACTS = ARTEFACTS_DIR;
export { profileOfXml };

export type FacturxProfileName = "BASIC" | "EN16931" | "EXTENDED";
export type FailedAssert = { source: string; id: string; flag: string; text: string };
export type XmlCheck = { xsdOk: boolean; xsdErrors: string[]; failedAsserts: FailedAssert[] };

/** The failed asserts and successful reports of an SVRL document, labelled with `source`. */
export function parseSvrl(svrl: string, source: string): FailedAssert[] {
  return parseSvrlAsserts(svrl).map((a) => ({ source, ...a }));
}

const label = (s: Stylesheet) => (s.source === "FACTUR-X" ? s.key : s.source === "EN16931" ? "CEN" : "BR-FR");

/**
 * Validates several CII documents: XSD of each one's profile, then the profile Schematron, the
 * CEN rules and BR-FR.
 */
export async function validateFacturxXmlBatch(docs: { name: string; xml: string }[]): Promise<Map<string, XmlCheck>> {
  const results = new Map<string, XmlCheck>();
  const byProfile = new Map<FacturxProfileName, { name: string; xml: string }[]>();
  for (const doc of docs) {
    if (!/^[A-Za-z0-9_-]+$/.test(doc.name)) throw new Error(`Bad document name ${doc.name}`);
    const profile = profileOfXml(doc.xml);
    byProfile.set(profile, [...(byProfile.get(profile) ?? []), doc]);
    results.set(doc.name, { xsdOk: false, xsdErrors: [], failedAsserts: [] });
  }
  for (const [profile, group] of byProfile) {
    const report = await xsdValidate(
      profile,
      group.map((d) => ({ fileName: `${d.name}.xml`, contents: d.xml })),
    );
    for (const d of group) {
      const errors = report.get(`${d.name}.xml`);
      const r = results.get(d.name)!;
      r.xsdOk = errors === null;
      r.xsdErrors = errors ?? [];
      for (const s of stylesheetsFor(profile)) r.failedAsserts.push(...parseSvrl(await runSchematron(s, d.xml, d.name), label(s)));
    }
  }
  return results;
}

/** One document: XSD, profile Schematron, CEN and BR-FR. */
export async function validateFacturxXml(xml: string): Promise<XmlCheck> {
  return (await validateFacturxXmlBatch([{ name: "invoice", xml }])).get("invoice")!;
}

// ---------------------------------------------------------------- PDF

export type SignatureCheck = {
  subFilter: string | null;
  byteRange: number[];
  /** /ByteRange starts at 0 and ends at the end of the file: the whole document but the /Contents hole is signed. */
  coversWholeFile: boolean;
  /** The hole is exactly the hex string of /Contents. */
  holeIsContents: boolean;
  /** The CMS SignedData verifies over the /ByteRange bytes (message digest and signature over the signed attributes). */
  cmsValid: boolean;
  /** The signer's certificate is self-signed (so a reader says "issuer unknown": not trusted, as expected here). */
  selfSigned: boolean;
  signerCommonName: string | null;
  problems: string[];
};

export type PdfCheck = {
  /** The structural check (tests/helpers/pdf-read.ts `pdfStructure`, standing in for `qpdf --check`) found no problem. */
  structureOk: boolean;
  structureProblems: string[];
  /** XMP (the catalog's /Metadata). */
  xmp: string;
  /** The document information dictionary, e.g. Title, Author, Producer. */
  info: Record<string, string>;
  /** Info /Title, /Author, /Producer, /Creator equal the XMP's dc:title, dc:creator, pdf:Producer, xmp:CreatorTool (PDF/A). */
  infoMatchesXmp: boolean;
  pdfaPart: string | null;
  pdfaConformance: string | null;
  fxDocumentType: string | null;
  fxDocumentFileName: string | null;
  fxConformanceLevel: string | null;
  fxVersion: string | null;
  /** The attachments' names. */
  attachments: string[];
  /** factur-x.xml extracted, or null. */
  xml: string | null;
  /** Every font, and whether each is embedded. */
  fonts: PdfFont[];
  allFontsEmbedded: boolean;
  /** Every image drawn, with its colour space (pdf-read.ts pdfImageColorSpaces). */
  images: { page: number; width: number; height: number; colorSpace: string }[];
  signatures: SignatureCheck[];
  signatureCount: number;
  /** Every signature verifies and covers the whole file. */
  signatureValid: boolean;
  subFilter: string | null;
};

const xmpValue = (xmp: string, name: string) => {
  const el = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xmp)?.[1];
  if (el !== undefined) return el.trim();
  return new RegExp(`${name}="([^"]*)"`).exec(xmp)?.[1] ?? null;
};
const xmpText = (xmp: string, name: string) =>
  new RegExp(`<${name}>\\s*(?:<rdf:(?:Alt|Seq|Bag)>\\s*<rdf:li[^>]*>)?([^<]*)<`)
    .exec(xmp)?.[1]
    ?.replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

// Passed to each pkijs call: the global engine is shared with the code under test (the signer, @libpdf/core), which may replace it.
let engine: pkijs.CryptoEngine | null = null;
const cryptoEngine = () => (engine ??= new pkijs.CryptoEngine({ name: "tests-node-webcrypto", crypto: webcrypto as unknown as Crypto }));

const commonName = (name: pkijs.RelativeDistinguishedNames) => {
  const cn = name.typesAndValues.find((t) => t.type === "2.5.4.3");
  return cn ? String((cn.value as { valueBlock: { value: string } }).valueBlock.value) : null;
};

/** Verifies a PAdES/CMS signature of `bytes` (see SignatureCheck). */
async function verifySignature(bytes: Uint8Array, field: { subFilter: string | null; byteRange: number[]; contents: Uint8Array }): Promise<SignatureCheck> {
  const crypto = cryptoEngine();
  const problems: string[] = [];
  const [a, b, c, d] = field.byteRange;
  const check: SignatureCheck = { subFilter: field.subFilter, byteRange: field.byteRange, coversWholeFile: false, holeIsContents: false, cmsValid: false, selfSigned: false, signerCommonName: null, problems };
  if (field.byteRange.length !== 4 || [a, b, c, d].some((n) => !Number.isInteger(n) || n! < 0)) {
    problems.push(`bad /ByteRange ${JSON.stringify(field.byteRange)}`);
    return check;
  }
  check.coversWholeFile = a === 0 && b! < c! && c! + d! === bytes.length;
  if (!check.coversWholeFile) problems.push(`/ByteRange ${field.byteRange.join(" ")} does not cover the ${bytes.length} bytes but the hole`);
  const hole = Buffer.from(bytes.subarray(b!, c!)).toString("latin1");
  const hex = /^<([0-9A-Fa-f]*)>$/.exec(hole)?.[1];
  check.holeIsContents = hex !== undefined && Buffer.from(hex, "hex").equals(Buffer.from(field.contents));
  if (!check.holeIsContents) problems.push("the /ByteRange hole is not the /Contents hex string");
  const signed = Buffer.concat([bytes.subarray(a!, a! + b!), bytes.subarray(c!, c! + d!)]);
  try {
    const asn1 = asn1js.fromBER(new Uint8Array(field.contents).slice().buffer);
    if (asn1.offset === -1) throw new Error("the /Contents are not DER");
    const info = new pkijs.ContentInfo({ schema: asn1.result });
    if (info.contentType !== pkijs.ContentInfo.SIGNED_DATA) throw new Error(`content type ${info.contentType}, not SignedData`);
    const sd = new pkijs.SignedData({ schema: info.content });
    const data = new Uint8Array(signed).buffer;
    const result = await sd.verify({ signer: 0, data, checkChain: false, extendedMode: true }, crypto);
    check.cmsValid = result.signatureVerified === true;
    if (!check.cmsValid) problems.push(`CMS: ${result.message ?? "signature not verified"}`);
    const cert = result.signerCertificate ?? (sd.certificates?.[0] as pkijs.Certificate | undefined);
    if (cert instanceof pkijs.Certificate) {
      check.signerCommonName = commonName(cert.subject);
      check.selfSigned = cert.issuer.isEqual(cert.subject) && (await cert.verify(undefined, crypto).catch(() => false));
    }
  } catch (error) {
    problems.push(`CMS: ${(error as Error).message ?? String(error)}`);
  }
  return check;
}

/**
 * Checks an issued invoice PDF with npm libraries: structure, PDF/A-3B and Factur-X XMP, the
 * factur-x.xml attachment (returned for comparison/validation), embedded fonts, the PAdES
 * signature (CMS verified over the /ByteRange, which covers the whole file but the hole).
 * The invoice tests call it on every issued PDF; `assertIssuedPdf` turns it into asserts.
 */
export async function checkIssuedPdf(pdf: Buffer | Uint8Array): Promise<PdfCheck> {
  const bytes = new Uint8Array(pdf);
  const [structure, meta, files, fonts, fields, images] = await Promise.all([pdfStructure(bytes), pdfMetadata(bytes), pdfAttachments(bytes), pdfFonts(bytes), pdfSignatureFields(bytes), pdfImageColorSpaces(bytes)]);
  const xmp = meta.xmp;
  const info = meta.info;
  const signatures = await Promise.all(fields.map((f) => verifySignature(bytes, f)));
  const xmlBytes = files.get("factur-x.xml");
  return {
    structureOk: structure.ok,
    structureProblems: structure.problems,
    xmp,
    info,
    infoMatchesXmp: info.Title === xmpText(xmp, "dc:title") && info.Author === xmpText(xmp, "dc:creator") && info.Producer === xmpText(xmp, "pdf:Producer") && info.Creator === xmpText(xmp, "xmp:CreatorTool"),
    pdfaPart: xmpValue(xmp, "pdfaid:part"),
    pdfaConformance: xmpValue(xmp, "pdfaid:conformance"),
    fxDocumentType: xmpValue(xmp, "fx:DocumentType"),
    fxDocumentFileName: xmpValue(xmp, "fx:DocumentFileName"),
    fxConformanceLevel: xmpValue(xmp, "fx:ConformanceLevel"),
    fxVersion: xmpValue(xmp, "fx:Version"),
    attachments: [...files.keys()],
    xml: xmlBytes ? Buffer.from(xmlBytes).toString("utf8") : null,
    fonts,
    allFontsEmbedded: fonts.length > 0 && fonts.every((f) => f.embedded),
    images,
    signatures,
    signatureCount: signatures.length,
    signatureValid: signatures.length > 0 && signatures.every((s) => s.cmsValid && s.coversWholeFile && s.holeIsContents),
    subFilter: signatures[0]?.subFilter ?? null,
  };
}

/** The asserts every issued invoice PDF must pass; returns the check for more. */
export async function assertIssuedPdf(pdf: Buffer | Uint8Array, opts: { signed?: boolean; conformanceLevel?: string } = {}): Promise<PdfCheck> {
  const c = await checkIssuedPdf(pdf);
  const problems: string[] = [];
  if (!c.structureOk) problems.push(`structure: ${c.structureProblems.join("; ")}`);
  if (c.pdfaPart !== "3" || c.pdfaConformance !== "B") problems.push(`XMP pdfaid ${c.pdfaPart}/${c.pdfaConformance}, expected 3/B`);
  if (!c.infoMatchesXmp) problems.push(`Info dictionary differs from the XMP: ${JSON.stringify(c.info)}`);
  if (c.fxDocumentType !== "INVOICE" || c.fxDocumentFileName !== "factur-x.xml" || c.fxVersion !== "1.0") problems.push(`XMP fx: ${c.fxDocumentType} ${c.fxDocumentFileName} ${c.fxVersion}`);
  if (opts.conformanceLevel && c.fxConformanceLevel !== opts.conformanceLevel) problems.push(`fx:ConformanceLevel ${c.fxConformanceLevel}, expected ${opts.conformanceLevel}`);
  if (!c.attachments.includes("factur-x.xml") || !c.xml) problems.push(`attachments: ${c.attachments.join(", ")}`);
  if (!c.allFontsEmbedded) problems.push(`fonts not embedded: ${JSON.stringify(c.fonts)}`);
  // The output intent is sRGB: a CMYK image (device or ICC-based, direct or indexed) breaks PDF/A.
  const cmyk = c.images.filter((i) => /^(Indexed\/)?(DeviceCMYK|ICCBased\/4)$/.test(i.colorSpace));
  if (cmyk.length) problems.push(`CMYK images under the sRGB output intent: ${JSON.stringify(cmyk)}`);
  if (opts.signed !== false && (c.signatureCount !== 1 || !c.signatureValid)) problems.push(`signature: ${JSON.stringify(c.signatures.map((s) => ({ ...s, byteRange: s.byteRange.join(" ") })))}`);
  if (problems.length) throw new Error(`Issued PDF check failed:\n${problems.join("\n")}`);
  return c;
}
