import type { CSSProperties } from "react";

/** Tenant colour -> CSS variables, keeping text readable (WCAG AA) whatever colour the tenant picked. */
const HEX = /^#([0-9a-f]{6})$/i;
const DEFAULT_INK = "#1d4ed8";

function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** WCAG AA for normal text: the tenant colour is used as link ink on white, so it must reach this against white. */
const BRAND_MIN_CONTRAST = 4.5;

/**
 * Whether a tenant colour may be saved: its contrast ratio against white (text on white and white
 * text on it), rounded down to one decimal so the shown figure never flatters, and the AA verdict.
 * Server (PATCH) and the settings page's preview both call it. Null for a value that is not #rrggbb.
 */
export function checkBrandingContrast(primaryColor: string): { ratio: number; required: number; ok: boolean } | null {
  if (!HEX.test(primaryColor)) return null;
  const exact = contrast(luminance(primaryColor), 1);
  return { ratio: Math.floor(exact * 10) / 10, required: BRAND_MIN_CONTRAST, ok: exact >= BRAND_MIN_CONTRAST };
}

export function brandStyle(primaryColor: string | null | undefined): CSSProperties | undefined {
  if (!primaryColor || !HEX.test(primaryColor)) return undefined;
  const l = luminance(primaryColor);
  const onWhite = contrast(l, 1);
  const vars: Record<string, string> = {
    "--brand": primaryColor,
    // Button text: white when it reads on the colour, else near-black.
    "--brand-contrast": contrast(l, 1) >= 4.5 ? "#ffffff" : "#111827",
    // Links and accents on white: the colour itself only when it is dark enough.
    "--brand-ink": onWhite >= 4.5 ? primaryColor : DEFAULT_INK,
  };
  return vars as CSSProperties;
}

/** "Acme Formation" -> "AF" for the monogram shown when the tenant has no logo. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts[1]?.[0] ?? "")).toUpperCase() || "?";
}

/**
 * The address a page uses for a tenant logo: our own public logo route (stored absolute, for
 * e-mails) is reduced to its path, so the page loads it from its own origin (the pages' CSP allows
 * images from 'self' only); any other address is kept.
 */
export function pageLogoSrc(logoUrl: string): string {
  try {
    const u = new URL(logoUrl);
    return /^\/api\/v1\/public\/tenants\/[^/]+\/logo$/.test(u.pathname) ? `${u.pathname}${u.search}` : logoUrl;
  } catch {
    return logoUrl;
  }
}
