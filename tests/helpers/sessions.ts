import { drainJobs } from "./jobs";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { courses } from "../../server/db/schema";
import type { TestApi } from "./api";
import { tenantBySlug } from "./rest";

/** The demo course of a tenant by slug (server/seed/catalogue.ts). */
export async function courseOf(api: TestApi, tenant: string, slug: string) {
  const t = await tenantBySlug(api, tenant);
  const [row] = await api.db.select().from(courses).where(and(eq(courses.tenantId, t.id), eq(courses.slug, slug))).limit(1);
  if (!row) throw new Error(`no course ${slug} in ${tenant}`);
  return row;
}

export const SST = "sauveteur-secouriste-du-travail";
export const EXCEL = "excel-tableaux-croises-dynamiques";

/** Mails of one template sent to `to` (newest first), with their attachments. */
export async function mailsTo(api: TestApi, to: string, template: string) {
  await drainJobs(api.db); // what the job worker would have sent by now
  const res = await api.call("GET", `/dev/outbox?to=${encodeURIComponent(to)}&limit=100`);
  expect(res.status).toBe(200);
  return (res.body.data as { template: string; subject: string; text: string; attachments: { filename: string; contentType: string; content: string }[] }[]).filter(
    (m) => m.template === template,
  );
}

/** props: the first value of each property (the first VEVENT's); events: each VEVENT's properties, in order. */
export type ParsedIcs = { raw: string; props: Record<string, string>; names: string[]; events: Record<string, string>[] };

/**
 * Checks RFC 5545 framing (CRLF line ends, physical lines of at most 75 octets), unfolds and
 * returns the VEVENT's and VCALENDAR's properties (name without parameters -> value).
 */
export function parseIcs(base64: string): ParsedIcs {
  const raw = Buffer.from(base64, "base64").toString("utf8");
  expect(raw.endsWith("\r\n")).toBe(true);
  const physical = raw.slice(0, -2).split("\r\n");
  for (const line of physical) {
    expect(line.includes("\n")).toBe(false);
    expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
  }
  const logical = raw.replace(/\r\n[ \t]/g, "").slice(0, -2).split("\r\n");
  const props: Record<string, string> = {};
  const names: string[] = [];
  const events: Record<string, string>[] = [];
  let event: Record<string, string> | null = null;
  for (const line of logical) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).split(";")[0] as string;
    const value = line.slice(colon + 1);
    names.push(name);
    const key = name === "BEGIN" || name === "END" ? `${name}:${value}` : name;
    if (!(key in props)) props[key] = value;
    if (key === "BEGIN:VEVENT") event = {};
    else if (key === "END:VEVENT" && event) {
      events.push(event);
      event = null;
    }
    else if (event) event[name] = value;
  }
  return { raw, props, names, events };
}

/** `20261123T103000Z` -> Date */
export function fromIcsDate(v: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(v);
  if (!m) throw new Error(`not a UTC date-time: ${v}`);
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}
