import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import type { FacturxProfile } from "../types";
import { explainRule } from "./explanations";
import { ALL_STYLESHEETS, BRFR_STYLESHEET, CEN_STYLESHEET, PROFILE_STYLESHEETS, PROFILES, profileXsd, type Stylesheet } from "./stylesheets";
import { isBlocking, type FacturxValidation, type ValidationFailure, type ValidationFlag, type ValidationSource } from "./types";

/**
 * The Factur-X XML check itself, with npm packages only: the profile's XSD with libxml2-wasm
 * (libxml2 in WebAssembly, the schema compiled once per thread), then the profile's Factur-X Schematron, the CEN EN 16931 CII rules
 * and the French BR-FR rules with SaxonJS over the committed SEFs (stylesheets.ts). CPU-bound
 * (about a second): it runs in the document worker threads (render-worker.mjs, through
 * validateFacturxXml in ./index.ts), never on the request thread. The tests call it directly.
 */

/** The profile a CII document declares (BT-24). */
export function profileOfXml(xml: string): FacturxProfile {
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

export type SvrlAssert = { id: string; flag: string; text: string };

/** The failed asserts and successful reports of an SVRL document (flag "error" when the rule gives none). */
export function parseSvrl(svrl: string): SvrlAssert[] {
  const out: SvrlAssert[] = [];
  const re = /<svrl:(failed-assert|successful-report)\b([^>]*)>([\s\S]*?)<\/svrl:\1>/g;
  for (let m = re.exec(svrl); m; m = re.exec(svrl)) {
    const attrs = m[2];
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs ?? "")?.[1] ?? "";
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[3] ?? "")?.[1] ?? "";
    out.push({ id: attr("id") || attr("test"), flag: attr("flag") || "error", text: decode(text) });
  }
  return out;
}

// ------------------------------------------------------------------ XSD (libxml2-wasm)

type Libxml2 = typeof import("libxml2-wasm");
let libxml2: Libxml2 | null = null;
let xsdFiles: InstanceType<Libxml2["XmlBufferInputProvider"]> | null = null;
const validators = new Map<FacturxProfile, InstanceType<Libxml2["XsdValidator"]>>();

/**
 * The profile's XSD, parsed and compiled once per thread (libxml2's schema, kept for the thread's
 * life): a document then validates in milliseconds. The schema's imports are read from memory
 * (one buffer provider holding the XSD files of every profile), never from elsewhere on disk.
 */
async function xsdValidator(profile: FacturxProfile) {
  let v = validators.get(profile);
  if (v) return v;
  const lib = (libxml2 ??= await import("libxml2-wasm"));
  const { dir, main } = profileXsd(profile);
  if (!xsdFiles) {
    xsdFiles = new lib.XmlBufferInputProvider({});
    lib.xmlRegisterInputProvider(xsdFiles);
  }
  for (const f of readdirSync(dir).filter((f) => f.endsWith(".xsd"))) xsdFiles.addBuffer(path.join(dir, f), readFileSync(path.join(dir, f)));
  const schema = lib.XmlDocument.fromBuffer(readFileSync(path.join(dir, main)), { url: path.join(dir, main) });
  try {
    v = lib.XsdValidator.fromDoc(schema);
  } finally {
    schema.dispose();
  }
  validators.set(profile, v);
  return v;
}

/**
 * Validates documents against the profile's XSD: per file name, null when valid, else its errors
 * ("line N: message", as libxml2 words them; a document that is not well-formed XML fails with
 * its parse error).
 */
export async function xsdValidate(profile: FacturxProfile, docs: { fileName: string; contents: string }[]): Promise<Map<string, string[] | null>> {
  const validator = await xsdValidator(profile);
  const lib = libxml2!;
  const out = new Map<string, string[] | null>();
  for (const { fileName, contents } of docs) {
    let doc: InstanceType<Libxml2["XmlDocument"]> | null = null;
    try {
      doc = lib.XmlDocument.fromString(contents);
      validator.validate(doc);
      out.set(fileName, null);
    } catch (e) {
      const details = (e as { details?: { message: string; line: number }[] }).details;
      out.set(fileName, details?.length ? details.map((d) => `line ${d.line}: ${d.message.trim()}`) : [(e as Error).message.trim()]);
    } finally {
      doc?.dispose();
    }
  }
  return out;
}

// ------------------------------------------------------------------ Schematron (SaxonJS, committed SEF)

type Loaded = { sef: unknown; baseUri: string; documentPool: Record<string, unknown> };
const loaded = new Map<string, Loaded>();

type SaxonJs = {
  transform(options: Record<string, unknown>, mode: "sync"): { principalResult: unknown };
  getResource(options: { type: "xml"; file: string }): Promise<unknown>;
};
let saxon: SaxonJs | null = null;
const saxonJs = async () => (saxon ??= (await import("saxon-js")).default as unknown as SaxonJs);

/**
 * The stylesheet's committed SEF, parsed once per thread, with the code lists it reads by
 * document() (the Factur-X profiles' *_codedb.xml, next to it) parsed once too and handed to
 * every run as SaxonJS's documentPool.
 */
export async function loadSef(s: Stylesheet): Promise<Loaded> {
  let l = loaded.get(s.key);
  if (!l) {
    let text: string;
    try {
      text = gunzipSync(readFileSync(s.sef)).toString("utf8");
    } catch {
      throw new Error(`${s.sef} is missing or unreadable: run npm run facturx:compile`);
    }
    const SaxonJS = await saxonJs();
    const dir = path.dirname(s.xslt);
    const documentPool: Record<string, unknown> = {};
    for (const f of readdirSync(dir).filter((f) => f.endsWith(".xml"))) documentPool[pathToFileURL(path.join(dir, f)).href] = await SaxonJS.getResource({ type: "xml", file: path.join(dir, f) });
    l = { sef: JSON.parse(text) as unknown, baseUri: pathToFileURL(s.sef.replace(/\.gz$/, "")).href, documentPool };
    loaded.set(s.key, l);
  }
  return l;
}

/** Runs one Schematron stylesheet over a document: its SVRL (synchronously: every resource is preloaded). */
export async function runSchematron(s: Stylesheet, xml: string, name = "invoice"): Promise<string> {
  const SaxonJS = await saxonJs();
  const { sef, baseUri, documentPool } = await loadSef(s);
  const result = SaxonJS.transform(
    { stylesheetInternal: sef, stylesheetBaseURI: baseUri, sourceText: xml, sourceBaseURI: `file:///${name}.xml`, destination: "serialized", documentPool },
    "sync",
  );
  return result.principalResult as string;
}

/** The stylesheets a document of this profile goes through, with the source each failure is attributed to. */
export const stylesheetsFor = (profile: FacturxProfile): Stylesheet[] => [PROFILE_STYLESHEETS[profile], CEN_STYLESHEET, BRFR_STYLESHEET];

const FLAGS: ValidationFlag[] = ["fatal", "error", "warning"];
const flagOf = (flag: string): ValidationFlag => (FLAGS.includes(flag as ValidationFlag) ? (flag as ValidationFlag) : flag === "information" ? "warning" : "error");

function failure(rule: string, source: ValidationSource, flag: ValidationFlag, message: string): ValidationFailure {
  return { rule, source, flag, message, explanation: explainRule(rule, message) };
}

/**
 * The whole check of one CII document: XSD, then the three Schematrons (even when the XSD
 * fails, so that every rule to fix is listed at once).
 */
export async function validateCii(xml: string): Promise<FacturxValidation> {
  let profile: FacturxProfile;
  try {
    profile = profileOfXml(xml);
  } catch (e) {
    return { conformant: false, profile: null, failures: [failure("BT-24", "XSD", "fatal", (e as Error).message)] };
  }
  const failures: ValidationFailure[] = [];
  for (const line of (await xsdValidate(profile, [{ fileName: "invoice.xml", contents: xml }])).get("invoice.xml") ?? []) failures.push(failure("XSD", "XSD", "fatal", line));
  for (const s of stylesheetsFor(profile)) {
    for (const a of parseSvrl(await runSchematron(s, xml))) failures.push(failure(a.id, s.source, flagOf(a.flag), a.text));
  }
  return { conformant: !failures.some(isBlocking), profile, failures };
}

/** Loads SaxonJS, libxml2-wasm, the compiled XSDs and every compiled Schematron (a thread's first validation would otherwise pay it). */
export async function warmValidator(): Promise<{ ms: number }> {
  const t = performance.now();
  await saxonJs();
  for (const p of PROFILES) await xsdValidator(p);
  for (const s of ALL_STYLESHEETS) await loadSef(s);
  return { ms: Math.round(performance.now() - t) };
}
