/**
 * The 18 French regions, for the activity declaration mention (Code du travail L6352-12 and
 * R6351-1: the declaration is made to the prefect of the region of the organisation's main
 * establishment). The NDA's first two digits are the region's INSEE code ("84 69 12345 69":
 * Auvergne-Rhône-Alpes), so the region can be read from the NDA when it is not recorded.
 *
 * `prefect` is what follows "auprès du préfet": "de la région " with the elision before a vowel
 * ("de la région d'Auvergne-Rhône-Alpes", "d'Île-de-France", "d'Occitanie"); the single-territory
 * overseas regions and Corsica use their prefect's own title ("de la Martinique", "de La
 * Réunion", "de Mayotte", "de Corse").
 */
export type FrenchRegion = { code: string; name: string; prefect: string };

const region = (code: string, name: string, prefect?: string): FrenchRegion => ({
  code,
  name,
  prefect: prefect ?? `de la région ${/^[AEIOUYÂÉÈÊÎÏÔ]/i.test(name) ? `d'${name}` : name}`,
});

export const FRENCH_REGIONS: readonly FrenchRegion[] = [
  region("84", "Auvergne-Rhône-Alpes"),
  region("27", "Bourgogne-Franche-Comté"),
  region("53", "Bretagne"),
  region("24", "Centre-Val de Loire"),
  region("94", "Corse", "de Corse"),
  region("44", "Grand Est"),
  region("32", "Hauts-de-France"),
  region("11", "Île-de-France"),
  region("28", "Normandie"),
  region("75", "Nouvelle-Aquitaine"),
  region("76", "Occitanie"),
  region("52", "Pays de la Loire"),
  region("93", "Provence-Alpes-Côte d'Azur"),
  region("01", "Guadeloupe"),
  region("02", "Martinique", "de la Martinique"),
  region("03", "Guyane", "de la Guyane"),
  region("04", "La Réunion", "de La Réunion"),
  region("06", "Mayotte", "de Mayotte"),
];

/** Lower case, no accents, no punctuation: "Île de France", "ile-de-france" and "ÎLE-DE-FRANCE" match. */
const key = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/^(la )?region /, "")
    .replace(/[^a-z]+/g, "");

const BY_NAME = new Map(FRENCH_REGIONS.flatMap((r) => [[key(r.name), r] as const, ...(r.name === "La Réunion" ? [[key("Réunion"), r] as const] : [])]));

/**
 * The region of an activity declaration: the recorded region name when it is one of the 18,
 * else the one the NDA's first two digits name; null when neither tells.
 */
export function declarationRegion(recorded: string | null | undefined, nda?: string | null): FrenchRegion | null {
  const byName = recorded ? BY_NAME.get(key(recorded)) : undefined;
  if (byName) return byName;
  const digits = nda?.replace(/\s+/g, "");
  return (digits && /^\d{11}$/.test(digits) && FRENCH_REGIONS.find((r) => r.code === digits.slice(0, 2))) || null;
}

/** What follows "auprès du préfet": "de la région d'Auvergne-Rhône-Alpes"; "de région" when the region is unknown. */
export function prefectOf(recorded: string | null | undefined, nda?: string | null): string {
  return declarationRegion(recorded, nda)?.prefect ?? (recorded?.trim() ? `de la région ${recorded.trim()}` : "de région");
}

/** The whole L6352-12 mention: "Déclaration d'activité enregistrée sous le numéro 84 69 12345 69 auprès du préfet de la région d'Auvergne-Rhône-Alpes. Cet enregistrement ne vaut pas agrément de l'État." */
export function activityDeclarationMention(printedNda: string, recordedRegion: string | null | undefined): string {
  return `Déclaration d'activité enregistrée sous le numéro ${printedNda} auprès du préfet ${prefectOf(recordedRegion, printedNda)}. Cet enregistrement ne vaut pas agrément de l'État.`;
}
