import { accessSync, constants, existsSync } from "node:fs";
import path from "node:path";

/**
 * The Debian tools that cross-check the npm-based readers (tests/helpers/pdf-read.ts,
 * facturx-validate.ts). `npm test` needs none of them: where one is missing, the cross-check
 * test is skipped and says which package to install. `.ci/run` installs them all, so CI runs both.
 */
export const DEBIAN_PACKAGES = {
  pdftotext: "poppler-utils",
  pdffonts: "poppler-utils",
  pdfinfo: "poppler-utils",
  pdfimages: "poppler-utils",
  pdfdetach: "poppler-utils",
  pdfsig: "poppler-utils",
  qpdf: "qpdf",
  xmllint: "libxml2-utils",
  saxon: "libsaxonhe-java",
  unzip: "unzip",
} as const;
export type DebianTool = keyof typeof DEBIAN_PACKAGES;

export const SAXON_JAR = process.env.SAXON_JAR ?? "/usr/share/java/Saxon-HE.jar";

function onPath(cmd: string): boolean {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    try {
      accessSync(path.join(dir, cmd), constants.X_OK);
      return true;
    } catch {
      /* next */
    }
  }
  return false;
}

const cache = new Map<DebianTool, boolean>();
/** Whether the tool can run here (Saxon: `java` on the PATH and the Saxon-HE jar). */
export function hasDebianTool(tool: DebianTool): boolean {
  let found = cache.get(tool);
  if (found === undefined) {
    found = tool === "saxon" ? onPath("java") && existsSync(SAXON_JAR) : onPath(tool);
    cache.set(tool, found);
  }
  return found;
}

/** The tools of the list that are missing, or [] when all are there. */
export const missingDebianTools = (...tools: DebianTool[]) => tools.filter((t) => !hasDebianTool(t));

/** "skipped: pdfsig, qpdf not found: apt-get install poppler-utils qpdf" (the note of a skipped cross-check). */
export function installHint(tools: DebianTool[]): string {
  const packages = [...new Set(tools.map((t) => DEBIAN_PACKAGES[t]))];
  return `cross-check skipped: ${tools.join(", ")} not found; apt-get install ${packages.join(" ")} to run it`;
}

/**
 * Runs `check` when every tool is there; otherwise skips the running test with a note naming the
 * Debian package(s) to install (vitest's `context.skip(note)`; Playwright's `test.skip` alike).
 */
export function requireDebianTools(skip: (note: string) => void, ...tools: DebianTool[]): void {
  const missing = missingDebianTools(...tools);
  if (missing.length) {
    const note = installHint(missing);
    console.warn(note);
    skip(note);
  }
}
