import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { tenants, type Branding } from "../../db/schema";
import { brandStyle } from "../../../lib/branding";

export type MailBrand = { displayName: string; primaryColor: string | null; logoUrl: string | null };

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const linkify = (s: string) => s.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}" style="color:inherit">${url}</a>`);

/**
 * How a tenant's mails name it: its branding's display name, else its name. The templates' `tenantName`
 * (sendMail) and the calendar invitations' ORGANIZER (sessions/notices.ts) both read it here.
 */
export const mailDisplayName = (row: { name: string; branding: Pick<Branding, "displayName"> }): string => row.branding.displayName || row.name;

/** The tenant's branding for its mails (display name, colour, logo), or null for platform mail. */
export async function mailBrandOf(db: DbOrTx, tenantId: string): Promise<MailBrand | null> {
  const [row] = await db.select({ name: tenants.name, branding: tenants.branding }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  if (!row) return null;
  return { displayName: mailDisplayName(row), primaryColor: row.branding.primaryColor ?? null, logoUrl: row.branding.logoUrl ?? null };
}

/**
 * The one HTML layout of every tenant mail: a header in the tenant's colour with its logo (absolute,
 * public URL) or its display name, then the text. The plain-text part stays the reference.
 */
export function brandedMailHtml(brand: MailBrand, subject: string, text: string, lang: "fr" | "en"): string {
  const vars = (brandStyle(brand.primaryColor) ?? {}) as Record<string, string>;
  const background = vars["--brand"] ?? "#1d4ed8";
  const ink = vars["--brand-contrast"] ?? "#ffffff";
  const name = escapeHtml(brand.displayName);
  const logo = brand.logoUrl ? `<img src="${escapeHtml(brand.logoUrl)}" alt="" height="40" style="height:40px;max-width:160px;vertical-align:middle;margin-right:12px;background:#fff;border-radius:4px">` : "";
  const body = text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${linkify(escapeHtml(p)).replace(/\n/g, "<br>")}</p>`)
    .join("");
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#fff;border-radius:8px;overflow:hidden">` +
    `<tr><td style="background:${background};color:${ink};padding:16px 24px;font-size:20px;font-weight:bold">${logo}<span>${name}</span></td></tr>` +
    `<tr><td style="padding:24px;font-size:15px;line-height:1.5">${body}</td></tr>` +
    `</table></td></tr></table></body></html>`
  );
}
