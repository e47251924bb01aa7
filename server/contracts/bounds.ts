/**
 * Product limits of request fields, in ONE place (isomorphic: no imports). Every string a
 * contract accepts has a maximum length, every array a maximum count and every integer a range;
 * zod enforces them at the edge (400 VALIDATION_FAILED naming the field) and the OpenAPI document
 * shows them (maxLength, maxItems, minimum/maximum). Where the spec gives a limit, the contract
 * keeps the spec's.
 */
export const MAX = {
  /** Prefixed identifiers (usr_…, crs_…), and a slug where one is accepted in place of an id. */
  id: 64,
  /** A tenant or course slug. */
  slug: 100,
  /** Opaque tokens carried by links (invitation, survey, signature, QR). */
  token: 512,
  /** Names and titles. */
  name: 200,
  /** RFC 5321: an address has at most 254 characters. */
  email: 254,
  /** A host name (RFC 1035: 253 characters). */
  host: 253,
  /** URLs (https://…). */
  url: 2048,
  /** A language tag (BCP 47, fr, en-GB). */
  locale: 35,
  /** A date (YYYY-MM-DD). */
  date: 10,
  /** An ISO 8601 date-time with offset and fractions. */
  dateTime: 40,
  /** Codes and short identifiers of other systems (SIRET, IBAN, VAT number, NAF, country, postal code). */
  code: 64,
  /** Short free text (a label, a phone number, a reason line). */
  shortText: 500,
  /** Descriptions and comments. */
  text: 10_000,
  /** Long content (lesson bodies, template bodies). */
  longText: 100_000,
  /** A credential presented in a header (service API key). */
  apiKey: 256,
  /** A file sent base64-encoded in JSON (POST /media): 4/3 of the largest MEDIA_MAX_BYTES allowed (100 MiB); the configured size is checked after decoding (413). */
  fileBase64: Math.ceil((100 * 1024 * 1024 * 4) / 3),
  /** A 1-based page number: past it no list has rows. */
  page: 100_000,
  /** Items of a list given in one request, when the contract names no other limit. */
  items: 100,
  /** Keys of a JSON web key set. */
  jwksKeys: 20,
  /** An amount in cents (10 million euros). */
  cents: 1_000_000_000,
} as const;
