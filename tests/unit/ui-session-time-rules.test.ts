import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue #23: the UI shows what the server derived from a session's times (endsAt, signingOpensAt,
 * signingClosesAt, signingOpen: services/attendance/signing-window.ts) and never recomputes it.
 * The client once computed "signing open" as scheduledAt + durationMinutes and said "closed" on the
 * second day of a session the server still accepted. This scan fails on any helper under
 * components/, app/ or lib/ that does arithmetic with a session's durationMinutes or shifts its
 * scheduledAt (an end = start + duration, an opening = start − 30 min, an "is live" window).
 */
const ROOT = path.join(import.meta.dirname, "../..");
const DIRS = ["components", "app", "lib"];

/** durationMinutes used in arithmetic (turned into milliseconds, added to an instant). */
const DURATION_ARITHMETIC = /(?:durationMinutes\s*[-+*/](?![-+=]))|(?:[+*/]\s*\(?\s*(?:[\w$]+\??\.)*durationMinutes\b)|(?:\s-\s*\(?\s*(?:[\w$]+\??\.)*durationMinutes\b)/;
/** scheduledAt as an instant with a shift added or removed (start − margin, start + duration). */
const START_SHIFT =
  /(?:(?:Date\.parse|new Date)\(\s*(?:[\w$]+\??\.)*scheduledAt\s*\)(?:\.getTime\(\))?\s*[-+](?![-+=]))|(?:[-+]\s*(?:Date\.parse|new Date)\(\s*(?:[\w$]+\??\.)*scheduledAt\s*\))/;

const stripComments = (line: string) => line.replace(/\/\/.*$/, "").replace(/\/\*.*?\*\//g, "");

/** The lines of a source text that compute from a session's times: "line: text". */
function sessionTimeRules(text: string): string[] {
  const found: string[] = [];
  let inBlockComment = false;
  text.split("\n").forEach((raw, i) => {
    let line = raw;
    if (inBlockComment) {
      const end = line.indexOf("*/");
      if (end < 0) return;
      line = line.slice(end + 2);
      inBlockComment = false;
    }
    const open = line.indexOf("/*");
    if (open >= 0 && line.indexOf("*/", open) < 0) {
      line = line.slice(0, open);
      inBlockComment = true;
    }
    if (/^\s*\*/.test(line)) return;
    const code = stripComments(line);
    if (DURATION_ARITHMETIC.test(code) || START_SHIFT.test(code)) found.push(`${i + 1}: ${raw.trim()}`);
  });
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("the UI never recomputes a rule from a session's times", () => {
  it("recognises the client-side signing rule the server replaced", () => {
    // the helpers components/attendance/format.ts and sign-now.tsx held before this change
    const old = [
      "  return now >= start - 30 * 60_000 && now <= start + s.durationMinutes * 60_000 + 2 * 3600_000;",
      "export const signingOpensAt = (scheduledAt: string) => Date.parse(scheduledAt) - 30 * 60_000;",
      "  const end = new Date(start.getTime() + durationMinutes * 60_000);",
      "end: time(Date.parse(s.scheduledAt) + s.durationMinutes * 60_000) })",
    ];
    for (const line of old) expect(sessionTimeRules(line), line).toHaveLength(1);
    // showing the server's values, or a duration, is not a rule
    const fine = [
      "<dd>{formatDuration(s.durationMinutes)}</dd>",
      "end: time(s.endsAt) })",
      "const opens = opensLater(s, now);",
      "durationMinutes: minutes,",
      "// start + durationMinutes * 60_000 in a comment",
      "const later = Date.parse(s.signingOpensAt) - now;",
    ];
    for (const line of fine) expect(sessionTimeRules(line), line).toEqual([]);
  });

  it("no file under components/, app/ or lib/ computes from scheduledAt and durationMinutes", () => {
    const offenders = DIRS.flatMap((d) => sources(path.join(ROOT, d))).flatMap((file) =>
      sessionTimeRules(readFileSync(file, "utf8")).map((hit) => `${path.relative(ROOT, file)}:${hit}`),
    );
    expect(offenders, "use the server's endsAt / signingOpensAt / signingClosesAt / signingOpen instead").toEqual([]);
  });
});
