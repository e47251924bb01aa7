import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { SAXON_JAR } from "./debian-tools";
import { FACTURX_ARTEFACTS, parseSvrl, profileOfXml, type FacturxProfileName, type XmlCheck } from "./facturx-validate";

/**
 * The same checks as tests/helpers/facturx-validate.ts, with the Debian tools instead of npm
 * packages: an independent cross-check, run where the tools are installed (`.ci/run` installs
 * them; tests/helpers/debian-tools.ts tells which are there).
 */

const run = promisify(execFile);

const profileFiles = (profile: FacturxProfileName) => ({
  xsd: path.join(FACTURX_ARTEFACTS, profile, `FACTUR-X_${profile}.xsd`),
  xslt: path.join(FACTURX_ARTEFACTS, profile, `FACTUR-X_${profile}.xslt`),
});
const CEN_XSLT = path.join(FACTURX_ARTEFACTS, "cen-en16931-cii", "EN16931-CII-validation.xslt");
const BRFR_XSLT = path.join(FACTURX_ARTEFACTS, "fr-ctc", "BR-FR-Flux2-Schematron-CII_V1.3.0.xsl");

async function saxonDir(xslt: string, inDir: string, outDir: string): Promise<void> {
  await mkdir(outDir, { recursive: true });
  await run("java", ["-Xss8m", "-cp", SAXON_JAR, "net.sf.saxon.Transform", `-s:${inDir}`, `-xsl:${xslt}`, `-o:${outDir}`], { maxBuffer: 64 * 1024 * 1024 });
}

async function xmllint(xsd: string, files: string[]): Promise<Map<string, string[] | null>> {
  // Exit code 3 when a file does not validate: read the report either way.
  let stderr = "";
  try {
    ({ stderr } = await run("xmllint", ["--noout", "--schema", xsd, ...files], { maxBuffer: 64 * 1024 * 1024 }));
  } catch (error) {
    stderr = (error as { stderr?: string }).stderr ?? String(error);
  }
  const result = new Map<string, string[] | null>();
  for (const file of files) {
    const lines = stderr.split("\n").filter((l) => l.startsWith(`${file}:`) || l.startsWith(`${file} `));
    const ok = lines.some((l) => l === `${file} validates`);
    result.set(file, ok ? null : lines.filter((l) => l !== `${file} fails to validate`));
  }
  return result;
}

/**
 * The cross-check of validateFacturxXmlBatch with the Debian tools: XSD with `xmllint --schema`
 * (libxml2-utils), the three Schematrons with Saxon-HE on Java (libsaxonhe-java), each stylesheet
 * run once over all documents of the batch (`-s:dir -o:dir`: one JVM start and one compile).
 */
export async function validateFacturxXmlBatchWithDebianTools(docs: { name: string; xml: string }[]): Promise<Map<string, XmlCheck>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "facturx-validate-"));
  try {
    const results = new Map<string, XmlCheck>();
    const byProfile = new Map<FacturxProfileName, string[]>();
    const fileOf = new Map<string, string>();
    await Promise.all(
      docs.map(async (doc, i) => {
        if (!/^[A-Za-z0-9_-]+$/.test(doc.name)) throw new Error(`Bad document name ${doc.name}`);
        const profile = profileOfXml(doc.xml);
        const sub = path.join(dir, "in", profile);
        await mkdir(sub, { recursive: true });
        const file = path.join(sub, `${String(i).padStart(3, "0")}-${doc.name}.xml`);
        await writeFile(file, doc.xml);
        fileOf.set(doc.name, file);
        byProfile.set(profile, [...(byProfile.get(profile) ?? []), doc.name]);
        results.set(doc.name, { xsdOk: false, xsdErrors: [], failedAsserts: [] });
      }),
    );
    const allIn = path.join(dir, "all");
    await mkdir(allIn, { recursive: true });
    await Promise.all(docs.map((doc) => writeFile(path.join(allIn, path.basename(fileOf.get(doc.name)!)), doc.xml)));

    const jobs: (() => Promise<void>)[] = [];
    for (const [profile, names] of byProfile) {
      const { xsd, xslt } = profileFiles(profile);
      const files = names.map((n) => fileOf.get(n)!);
      jobs.push(async () => {
        const report = await xmllint(xsd, files);
        for (const name of names) {
          const errors = report.get(fileOf.get(name)!);
          const r = results.get(name)!;
          r.xsdOk = errors === null;
          r.xsdErrors = errors ?? [];
        }
      });
      jobs.push(async () => {
        const out = path.join(dir, "out", `fx-${profile}`);
        await saxonDir(xslt, path.join(dir, "in", profile), out);
        for (const name of names) {
          const svrl = await readFile(path.join(out, path.basename(fileOf.get(name)!)), "utf8");
          results.get(name)!.failedAsserts.push(...parseSvrl(svrl, `FACTUR-X_${profile}`));
        }
      });
    }
    for (const [source, xslt] of [
      ["CEN", CEN_XSLT],
      ["BR-FR", BRFR_XSLT],
    ] as const) {
      jobs.push(async () => {
        const out = path.join(dir, "out", source);
        await saxonDir(xslt, allIn, out);
        for (const doc of docs) {
          const svrl = await readFile(path.join(out, path.basename(fileOf.get(doc.name)!)), "utf8");
          results.get(doc.name)!.failedAsserts.push(...parseSvrl(svrl, source));
        }
      });
    }
    // Two at a time: the machine is small and each JVM takes a core while compiling.
    const queue = [...jobs];
    await Promise.all(
      [0, 1].map(async () => {
        for (let job = queue.shift(); job; job = queue.shift()) await job();
      }),
    );
    return results;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- PDF (qpdf and poppler)

export type DebianPdfCheck = {
  /** `qpdf --check` found no error. */
  qpdfOk: boolean;
  qpdfOutput: string;
  /** XMP (pdfinfo -meta). */
  xmp: string;
  /** The document information dictionary (pdfinfo), e.g. Title, Author, Producer. */
  info: Record<string, string>;
  /** Info /Title, /Author, /Producer equal the XMP's dc:title, dc:creator, pdf:Producer (PDF/A). */
  infoMatchesXmp: boolean;
  pdfaPart: string | null;
  pdfaConformance: string | null;
  fxDocumentType: string | null;
  fxDocumentFileName: string | null;
  fxConformanceLevel: string | null;
  fxVersion: string | null;
  /** pdfdetach -list: the attachments' names. */
  attachments: string[];
  /** factur-x.xml extracted, or null. */
  xml: string | null;
  /** pdffonts: every font row, and whether each is embedded. */
  fonts: { name: string; embedded: boolean }[];
  allFontsEmbedded: boolean;
  /** pdfsig output and its reading. */
  pdfsigOutput: string;
  signatureCount: number;
  signatureValid: boolean;
  subFilter: string | null;
};

const xmpValue = (xmp: string, name: string) => {
  const el = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xmp)?.[1];
  if (el !== undefined) return el.trim();
  return new RegExp(`${name}="([^"]*)"`).exec(xmp)?.[1] ?? null;
};

async function tool(cmd: string, args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(cmd, args, { maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : 1, out: (e.stdout ?? "") + (e.stderr ?? "") };
  }
}

/**
 * Checks an issued invoice PDF with qpdf and poppler: structure, PDF/A-3B and Factur-X XMP,
 * the factur-x.xml attachment (returned for comparison/validation), embedded fonts, signature.
 * The cross-check of checkIssuedPdf, where qpdf and poppler-utils are installed.
 */
export async function checkIssuedPdfWithDebianTools(pdf: Buffer | Uint8Array): Promise<DebianPdfCheck> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "facturx-pdf-"));
  try {
    const file = path.join(dir, "invoice.pdf");
    await writeFile(file, pdf);
    const [qpdf, info, detach, fonts, sig, plainInfo] = await Promise.all([
      tool("qpdf", ["--check", file]),
      tool("pdfinfo", ["-meta", file]),
      tool("pdfdetach", ["-list", file]),
      tool("pdffonts", [file]),
      tool("pdfsig", [file]),
      tool("pdfinfo", [file]),
    ]);
    const infoDict: Record<string, string> = {};
    for (const line of plainInfo.out.split("\n")) {
      const m = /^([A-Za-z ]+):\s+(.*)$/.exec(line);
      if (m) infoDict[m[1]!] = m[2]!;
    }
    const attachments = detach.out
      .split("\n")
      .map((l) => /^\s*\d+:\s*(.+)$/.exec(l)?.[1]?.trim())
      .filter((x): x is string => !!x);
    let xml: string | null = null;
    const index = attachments.indexOf("factur-x.xml");
    if (index >= 0) {
      // `-save N` (this poppler's pdfdetach has no -savefile).
      const out = path.join(dir, "factur-x.xml");
      await tool("pdfdetach", ["-save", String(index + 1), "-o", out, file]);
      xml = await readFile(out, "utf8").catch(() => null);
    }
    const fontRows = fonts.out.split("\n").slice(2).filter((l) => l.trim());
    const fontList = fontRows.map((row) => {
      // name type encoding emb sub uni object ID: the "emb" column is the 3rd from the right of "yes/no" triples.
      const flags = row.match(/\b(yes|no)\b/g) ?? [];
      return { name: row.split(/\s+/)[0] ?? "", embedded: flags[0] === "yes" };
    });
    const xmp = info.out;
    const xmpText = (name: string) => new RegExp(`<${name}>\\s*(?:<rdf:(?:Alt|Seq|Bag)>\\s*<rdf:li[^>]*>)?([^<]*)<`).exec(xmp)?.[1]?.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
    return {
      qpdfOk: qpdf.code === 0 && /No syntax or stream encoding errors found/.test(qpdf.out),
      qpdfOutput: qpdf.out.trim(),
      xmp,
      info: infoDict,
      infoMatchesXmp: infoDict.Title === xmpText("dc:title") && infoDict.Author === xmpText("dc:creator") && infoDict.Producer === xmpText("pdf:Producer") && infoDict.Creator === xmpText("xmp:CreatorTool"),
      pdfaPart: xmpValue(xmp, "pdfaid:part"),
      pdfaConformance: xmpValue(xmp, "pdfaid:conformance"),
      fxDocumentType: xmpValue(xmp, "fx:DocumentType"),
      fxDocumentFileName: xmpValue(xmp, "fx:DocumentFileName"),
      fxConformanceLevel: xmpValue(xmp, "fx:ConformanceLevel"),
      fxVersion: xmpValue(xmp, "fx:Version"),
      attachments,
      xml,
      fonts: fontList,
      allFontsEmbedded: fontList.length > 0 && fontList.every((f) => f.embedded),
      pdfsigOutput: sig.out.trim(),
      signatureCount: (sig.out.match(/^Signature #\d+:/gm) ?? []).length,
      signatureValid: /Signature Validation: Signature is Valid\./.test(sig.out) && !/Signature Validation: Signature is Invalid/.test(sig.out),
      subFilter: /Signature Type: (\S+)/.exec(sig.out)?.[1] ?? null,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
