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
