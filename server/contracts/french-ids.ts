import { z } from "zod";
import { MAX } from "./bounds";

/**
 * French business identifiers and bank details, checked the way the registries compute them.
 * Isomorphic (zod only): the contracts, the services and the forms share them.
 * Every schema removes spaces (and upper-cases letters) before checking, so "552 100 554" is the SIREN 552100554.
 */

/** The Luhn check (mod 10) over a string of digits. */
function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** SIREN: 9 digits passing the Luhn check. */
export function isValidSiren(value: string): boolean {
  return /^\d{9}$/.test(value) && luhnValid(value);
}

/** SIRET: 14 digits passing the Luhn check; La Poste's establishments (SIREN 356000000) use their own rule (digit sum a multiple of 5). */
export function isValidSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value)) return false;
  if (value.startsWith("356000000")) return [...value].reduce((s, d) => s + Number(d), 0) % 5 === 0;
  return luhnValid(value);
}

/** The 2-digit key of a French VAT number: (12 + 3 × (SIREN mod 97)) mod 97. */
export function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, "0");
}

/** A VAT number: FR + 2-digit key + a valid SIREN whose key matches; other countries: 2 letters then 2 to 13 letters or digits (not checked further). */
export function isValidVatNumber(value: string): boolean {
  if (value.startsWith("FR")) {
    const m = /^FR(\d{2})(\d{9})$/.exec(value);
    return !!m && isValidSiren(m[2]!) && frenchVatKey(m[2]!) === m[1];
  }
  return /^[A-Z]{2}[A-Z0-9]{2,13}$/.test(value);
}

/** IBAN: country, 2 check digits, up to 30 letters or digits, and the ISO 13616 mod-97 check equal to 1. */
export function isValidIban(value: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(value)) return false;
  const moved = value.slice(4) + value.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const n = ch >= "A" ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of n) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** The NDA printed the usual way: "11 75 12345 75". */
export function formatNda(nda: string): string {
  return /^\d{11}$/.test(nda) ? `${nda.slice(0, 2)} ${nda.slice(2, 4)} ${nda.slice(4, 9)} ${nda.slice(9)}` : nda;
}

const compact = (v: string) => v.replace(/\s+/g, "");
const compactUpper = (v: string) => v.replace(/\s+/g, "").toUpperCase();

export const ZSiren = z
  .string()
  .max(MAX.code)
  .transform(compact)
  .pipe(z.string().refine(isValidSiren, { message: "Invalid SIREN (9 digits with a valid check digit)" }))
  .describe("SIREN: 9 digits (spaces ignored) with a valid Luhn check digit");

export const ZSiret = z
  .string()
  .max(MAX.code)
  .transform(compact)
  .pipe(z.string().refine(isValidSiret, { message: "Invalid SIRET (14 digits with a valid check digit)" }))
  .describe("SIRET: 14 digits (spaces ignored) with a valid Luhn check digit");

export const ZVatNumber = z
  .string()
  .max(MAX.code)
  .transform(compactUpper)
  .pipe(z.string().refine(isValidVatNumber, { message: "Invalid VAT number (FR + 2-digit key + SIREN, the key matching the SIREN)" }))
  .describe("Intra-EU VAT number (spaces ignored, upper-cased). French: FR + key + SIREN, the key being (12 + 3 × (SIREN mod 97)) mod 97");

export const ZIban = z
  .string()
  .max(MAX.code)
  .transform(compactUpper)
  .pipe(z.string().refine(isValidIban, { message: "Invalid IBAN (the mod-97 check fails)" }))
  .describe("IBAN (spaces ignored, upper-cased), mod-97 checked");

export const ZBic = z
  .string()
  .max(MAX.code)
  .transform(compactUpper)
  .pipe(z.string().regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, "Invalid BIC (8 or 11 letters or digits)"))
  .describe("BIC (8 or 11 characters)");

export const ZNda = z
  .string()
  .max(MAX.code)
  .transform(compact)
  .pipe(z.string().regex(/^\d{11}$/, "Invalid activity declaration number (11 digits)"))
  .describe("Numéro de déclaration d'activité (NDA): 11 digits, spaces ignored");

export const ZCountry = z
  .string()
  .max(MAX.code)
  .trim()
  .toUpperCase()
  .pipe(z.string().regex(/^[A-Z]{2}$/, "ISO 3166-1 alpha-2 country code, e.g. FR"))
  .describe("ISO 3166-1 alpha-2 country code (FR)");

export const ZPostalCode = z
  .string()
  .max(MAX.code)
  .trim()
  .pipe(z.string().regex(/^[A-Za-z0-9 -]{2,10}$/, "Invalid postal code"))
  .describe("Postal code (2 to 10 letters, digits, spaces or hyphens)");
