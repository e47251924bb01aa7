import type { Locale } from "@/lib/i18n/config";
import type { MessageKey } from "@/messages";

const tag = (locale: Locale) => (locale === "fr" ? "fr-FR" : "en-GB");

/**
 * Times are printed in the TENANT's zone, never the device's (a trainer's laptop on UTC, a
 * projector PC abroad): pass `useTenantTimeZone()` (components/tenant-context.tsx). Without it,
 * the default tenant zone, Europe/Paris.
 */
const DEFAULT_TIME_ZONE = "Europe/Paris";

/** "10:32" in the tenant's time zone. */
export function formatTime(iso: string | number | Date, locale: Locale, timeZone: string = DEFAULT_TIME_ZONE): string {
  return new Intl.DateTimeFormat(tag(locale), { hour: "2-digit", minute: "2-digit", timeZone }).format(new Date(iso));
}

/** "lundi 3 mars, 09:00 – 12:30" from two instants (tenant's time zone). */
export function formatRange(startsAt: string | Date, endsAt: string | Date, locale: Locale, timeZone: string = DEFAULT_TIME_ZONE): string {
  const start = new Date(startsAt);
  const day = new Intl.DateTimeFormat(tag(locale), { weekday: "long", day: "numeric", month: "long", timeZone }).format(start);
  return `${day}, ${formatTime(start, locale, timeZone)} – ${formatTime(endsAt, locale, timeZone)}`;
}

/** "4:05" from a number of seconds (never negative). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

/** The seal's short form: "3f2a9c1b…e4d0" (the full "sha256:…" goes in a title or a copy). */
export function shortHash(sealedHash: string): string {
  const hex = sealedHash.replace(/^sha256:/, "");
  return hex.length > 14 ? `${hex.slice(0, 8)}…${hex.slice(-4)}` : hex;
}

/** "123 456" for reading, the digits spelled one by one for screen readers. */
export function spacedPin(pin: string): { visual: string; spoken: string } {
  return { visual: `${pin.slice(0, 3)} ${pin.slice(3)}`, spoken: pin.split("").join(" ") };
}

const METHOD_KEYS: Record<string, MessageKey> = {
  QR: "attCommon.methodQR",
  QR_CODE: "attCommon.methodQR",
  PIN: "attCommon.methodPIN",
  CANVAS: "attCommon.methodCANVAS",
  AUTO: "attCommon.methodAUTO",
  OVERRIDE: "attCommon.methodOVERRIDE",
};

export const methodKey = (method: string): MessageKey => METHOD_KEYS[method] ?? "attCommon.methodOther";

const STATUS_KEYS: Record<string, MessageKey> = {
  SCHEDULED: "attCommon.statusSCHEDULED",
  LIVE: "attCommon.statusLIVE",
  ENDED: "attCommon.statusENDED",
  CANCELLED: "attCommon.statusCANCELLED",
};

export const sessionStatusKey = (status: string): MessageKey => STATUS_KEYS[status] ?? "attCommon.statusSCHEDULED";

/**
 * The signing window as the server answers it on every session resource (contracts/signing-window.ts,
 * computed by the rule the sign endpoints apply). Nothing here recomputes it.
 */
export type SigningWindow = { signingOpen: boolean; signingOpensAt: string | null; signingClosesAt: string | null };

/** Signing has not opened yet at `now` (the server's signingOpensAt is still ahead): when it opens, else null. */
export const opensLater = (s: SigningWindow, now: number): string | null => (!s.signingOpen && s.signingOpensAt !== null && now < Date.parse(s.signingOpensAt) ? s.signingOpensAt : null);

/** "3 mars, 09:30" (tenant's time zone). */
export function formatDateTime(at: string | number, locale: Locale, timeZone: string = DEFAULT_TIME_ZONE): string {
  return new Intl.DateTimeFormat(tag(locale), { day: "numeric", month: "long", hour: "2-digit", minute: "2-digit", timeZone }).format(new Date(at));
}
