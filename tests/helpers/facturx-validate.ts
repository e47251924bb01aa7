import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { webcrypto } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { pdfAttachments, pdfFonts, pdfMetadata, pdfSignatureFields, pdfStructure, type PdfFont } from "./pdf-read";

/**
 * Checks of the Factur-X XML and of the issued PDFs with the official artefacts
 * (tests/fixtures/facturx, copied from /work/shared/compliance/facturx: Factur-X 1.09.2 XSD and
 * Schematron-as-XSLT per profile, CEN EN 16931 CII rules v1.3.16, French BR-FR Flux 2 V1.3.0),
 * with npm packages only:
 * - XSD with xmllint-wasm (libxml2 built to WebAssembly),
 * - the three Schematrons (XSLT 2.0) with SaxonJS, each stylesheet compiled to SEF once by the
 *   xslt3 package and kept in os.tmpdir() under the hash of the stylesheet (a few minutes the
 *   first time on this machine; every later run and test file reuses it). The SVRL is parsed:
 *   every failed assert (and successful report), errors and warnings alike, comes back in
 *   `failedAsserts`.
 * The same checks with the Debian tools (xmllint, Saxon-HE on Java, qpdf, poppler) are in
 * `validateFacturxXmlBatchWithDebianTools` / `checkIssuedPdfWithDebianTools`, run as a
 * cross-check where those tools are installed (tests/helpers/debian-tools.ts).
 */

const run = promisify(execFile);
export const FACTURX_ARTEFACTS = path.resolve(process.env.FACTURX_ARTEFACTS_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "facturx"));

export type FacturxProfileName = "BASIC" | "EN16931" | "EXTENDED";
export type FailedAssert = { source: string; id: string; flag: string; text: string };
export type XmlCheck = { xsdOk: boolean; xsdErrors: string[]; failedAsserts: FailedAssert[] };

const profileFiles = (profile: FacturxProfileName) => ({
  dir: path.join(FACTURX_ARTEFACTS, profile),
  xsd: path.join(FACTURX_ARTEFACTS, profile, `FACTUR-X_${profile}.xsd`),
  xslt: path.join(FACTURX_ARTEFACTS, profile, `FACTUR-X_${profile}.xslt`),
});
const CEN_XSLT = path.join(FACTURX_ARTEFACTS, "cen-en16931-cii", "EN16931-CII-validation.xslt");
const BRFR_XSLT = path.join(FACTURX_ARTEFACTS, "fr-ctc", "BR-FR-Flux2-Schematron-CII_V1.3.0.xsl");

/** The profile a CII document declares (BT-24). */
export function profileOfXml(xml: string): FacturxProfileName {
  const id = /<ram:GuidelineSpecifiedDocumentContextParameter>\s*<ram:ID>([^<]+)<\/ram:ID>/.exec(xml)?.[1] ?? "";
  if (id.endsWith(":extended")) return "EXTENDED";
  if (id.endsWith(":basic")) return "BASIC";
  if (id === "urn:cen.eu:en16931:2017") return "EN16931";
  throw new Error(`Unknown or unsupported guideline id: ${id}`);
}

const decode = (s: string) =>
  s
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

/** The failed asserts and successful reports of an SVRL document. */
export function parseSvrl(svrl: string, source: string): FailedAssert[] {
  const out: FailedAssert[] = [];
  const re = /<svrl:(failed-assert|successful-report)\b([^>]*)>([\s\S]*?)<\/svrl:\1>/g;
  for (let m = re.exec(svrl); m; m = re.exec(svrl)) {
    const attrs = m[2];
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs ?? "")?.[1] ?? "";
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[3] ?? "")?.[1] ?? "";
    out.push({ source, id: attr("id") || attr("test"), flag: attr("flag") || "error", text: decode(text) });
  }
  return out;
}

// ------------------------------------------------------------------ XSD (xmllint-wasm)

/** Validates documents against the profile's XSD (its imported schemas preloaded): per file name, null when valid, else the error lines. */
async function xsdValidate(profile: FacturxProfileName, docs: { fileName: string; contents: string }[]): Promise<Map<string, string[] | null>> {
  const { validateXML, memoryPages } = await import("xmllint-wasm");
  const { dir } = profileFiles(profile);
  const main = `FACTUR-X_${profile}.xsd`;
  const preload = readdirSync(dir)
    .filter((f) => f.endsWith(".xsd") && f !== main)
    .map((f) => ({ fileName: f, contents: readFileSync(path.join(dir, f), "utf8") }));
  const result = await validateXML({ xml: docs, schema: { fileName: main, contents: readFileSync(path.join(dir, main), "utf8") }, preload, maxMemoryPages: 256 * memoryPages.MiB });
  const lines = result.rawOutput.split("\n");
  const out = new Map<string, string[] | null>();
  for (const { fileName } of docs) {
    const mine = lines.filter((l) => l.startsWith(`${fileName}:`) || l.startsWith(`${fileName} `));
    out.set(fileName, mine.includes(`${fileName} validates`) ? null : mine.filter((l) => l !== `${fileName} fails to validate`));
  }
  return out;
}

// ------------------------------------------------------------------ Schematron (SaxonJS + xslt3)

const require = createRequire(import.meta.url);
const SEF_DIR = path.join(os.tmpdir(), "facturx-sef");
const compiled = new Map<string, Promise<{ sef: unknown; baseUri: string }>>();
// Two compilers at a time (the machine has two cores).
let compiling = 0;
const waiting: (() => void)[] = [];
async function compileSlot<T>(work: () => Promise<T>): Promise<T> {
  if (compiling >= 2) await new Promise<void>((resolve) => waiting.push(resolve));
  compiling++;
  try {
    return await work();
  } finally {
    compiling--;
    waiting.shift()?.();
  }
}

/**
 * One adjustment, where SaxonJS's XSLT compiler (the "XX" compiler of xslt3) types an expression
 * differently from the XPath rules: in the EXTENDED profile, `round(sum(untyped amounts) *
 * xs:decimal(100)) div xs:decimal(100)` is compiled as decimal arithmetic, while `sum()` of
 * untyped values is an xs:double at run time (XPath 2.0 §3.4: the decimal is promoted to double),
 * so the division fails with XPTY0004. Writing the two literals as xs:double(100) in the rules'
 * tests gives the same values as Saxon-HE computes (double arithmetic either way). The
 * cross-check test compares every failed assert with Saxon-HE's.
 */
function adjustForXx(xslt: string, text: string): string {
  if (!path.basename(xslt).startsWith("FACTUR-X_EXTENDED")) return text;
  return text.replace(/<xsl:when test="[^"]*"/g, (when) => when.split(") * xs:decimal(100)) div xs:decimal(100)").join(") * xs:double(100)) div xs:double(100)"));
}

/**
 * The stylesheet compiled to SEF (JSON) by xslt3, cached under the hash of the stylesheet and of
 * the xslt3 version: compiled once per machine, in a child Node process (the compiler is a
 * command-line program), then read by every test file. The stylesheet is compiled from a copy in
 * the cache folder, beside copies of the files it reads with document() (the code lists).
 */
export function compiledStylesheet(xslt: string): Promise<{ sef: unknown; baseUri: string }> {
  let p = compiled.get(xslt);
  if (!p) {
    p = (async () => {
      const xslt3 = require.resolve("xslt3/xslt3.js");
      const version = (JSON.parse(readFileSync(path.join(path.dirname(xslt3), "package.json"), "utf8")) as { version: string }).version;
      const source = adjustForXx(xslt, readFileSync(xslt, "utf8"));
      const hash = createHash("sha256").update(version).update(source).digest("hex").slice(0, 24);
      const dir = path.join(SEF_DIR, hash);
      const sef = path.join(dir, `${path.basename(xslt)}.sef.json`);
      if (!existsSync(sef)) {
        await compileSlot(async () => {
          if (existsSync(sef)) return;
          await mkdir(dir, { recursive: true });
          const copy = path.join(dir, path.basename(xslt));
          await writeFile(copy, source);
          for (const f of readdirSync(path.dirname(xslt))) if (f.endsWith(".xml")) await writeFile(path.join(dir, f), readFileSync(path.join(path.dirname(xslt), f)));
          const tmp = `${sef}.${process.pid}.${Date.now()}.tmp`;
          const t = performance.now();
          await run(process.execPath, [xslt3, `-xsl:${copy}`, `-export:${tmp}`, "-nogo", "-relocate:off"], { maxBuffer: 64 * 1024 * 1024 });
          await rename(tmp, sef);
          console.info(`xslt3: compiled ${path.basename(xslt)} to SEF in ${Math.round(performance.now() - t)} ms (cached in ${dir})`);
        });
      }
      return { sef: JSON.parse(await readFile(sef, "utf8")) as unknown, baseUri: pathToFileURL(path.join(dir, path.basename(xslt))).href };
    })();
    p.catch(() => compiled.delete(xslt));
    compiled.set(xslt, p);
  }
  return p;
}

/** Runs one Schematron stylesheet over each document: its SVRL, per document name. */
async function schematron(xslt: string, docs: { name: string; xml: string }[]): Promise<Map<string, string>> {
  const { default: SaxonJS } = await import("saxon-js");
  const { sef, baseUri } = await compiledStylesheet(xslt);
  const out = new Map<string, string>();
  for (const doc of docs) {
    const result = await SaxonJS.transform(
      { stylesheetInternal: sef, stylesheetBaseURI: baseUri, sourceText: doc.xml, sourceBaseURI: pathToFileURL(path.join(os.tmpdir(), `${doc.name}.xml`)).href, destination: "serialized" },
      "async",
    );
    out.set(doc.name, result.principalResult);
  }
  return out;
}

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
  // Every stylesheet the batch needs, compiled (the first time on this machine) two at a time.
  await Promise.all([...[...byProfile.keys()].map((p) => profileFiles(p).xslt), CEN_XSLT, BRFR_XSLT].map((x) => compiledStylesheet(x)));
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
    }
    const svrl = await schematron(profileFiles(profile).xslt, group);
    for (const d of group) results.get(d.name)!.failedAsserts.push(...parseSvrl(svrl.get(d.name)!, `FACTUR-X_${profile}`));
  }
  for (const [source, xslt] of [
    ["CEN", CEN_XSLT],
    ["BR-FR", BRFR_XSLT],
  ] as const) {
    const svrl = await schematron(xslt, docs);
    for (const d of docs) results.get(d.name)!.failedAsserts.push(...parseSvrl(svrl.get(d.name)!, source));
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
  const [structure, meta, files, fonts, fields] = await Promise.all([pdfStructure(bytes), pdfMetadata(bytes), pdfAttachments(bytes), pdfFonts(bytes), pdfSignatureFields(bytes)]);
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
  if (opts.signed !== false && (c.signatureCount !== 1 || !c.signatureValid)) problems.push(`signature: ${JSON.stringify(c.signatures.map((s) => ({ ...s, byteRange: s.byteRange.join(" ") })))}`);
  if (problems.length) throw new Error(`Issued PDF check failed:\n${problems.join("\n")}`);
  return c;
}
