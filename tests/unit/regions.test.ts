import { describe, expect, it } from "vitest";
import { activityDeclarationMention, declarationRegion, FRENCH_REGIONS, prefectOf } from "../../server/lib/regions";

/** What follows "auprès du préfet", for each of the 18 regions (elision before a vowel). */
const EXPECTED: Record<string, string> = {
  "Auvergne-Rhône-Alpes": "de la région d'Auvergne-Rhône-Alpes",
  "Bourgogne-Franche-Comté": "de la région Bourgogne-Franche-Comté",
  Bretagne: "de la région Bretagne",
  "Centre-Val de Loire": "de la région Centre-Val de Loire",
  Corse: "de Corse",
  "Grand Est": "de la région Grand Est",
  "Hauts-de-France": "de la région Hauts-de-France",
  "Île-de-France": "de la région d'Île-de-France",
  Normandie: "de la région Normandie",
  "Nouvelle-Aquitaine": "de la région Nouvelle-Aquitaine",
  Occitanie: "de la région d'Occitanie",
  "Pays de la Loire": "de la région Pays de la Loire",
  "Provence-Alpes-Côte d'Azur": "de la région Provence-Alpes-Côte d'Azur",
  Guadeloupe: "de la région Guadeloupe",
  Martinique: "de la Martinique",
  Guyane: "de la Guyane",
  "La Réunion": "de La Réunion",
  Mayotte: "de Mayotte",
};

describe("the prefect's region of the activity declaration", () => {
  it("covers the 18 regions, each with its INSEE code and its phrase", () => {
    expect(FRENCH_REGIONS).toHaveLength(18);
    expect(new Set(FRENCH_REGIONS.map((r) => r.code)).size).toBe(18);
    for (const r of FRENCH_REGIONS) {
      expect(r.prefect, r.name).toBe(EXPECTED[r.name]);
      expect(prefectOf(r.name)).toBe(EXPECTED[r.name]);
      // The NDA's first two digits name the region when none is recorded.
      expect(prefectOf(null, `${r.code}991234599`)).toBe(EXPECTED[r.name]);
    }
  });

  it("reads a recorded name however it is typed, else the NDA, else says 'de région'", () => {
    expect(declarationRegion("ile de france")?.code).toBe("11");
    expect(declarationRegion("AUVERGNE RHONE ALPES")?.code).toBe("84");
    expect(declarationRegion("Région Bretagne")?.code).toBe("53");
    expect(declarationRegion("Réunion")?.code).toBe("04");
    expect(prefectOf("", "84 69 12345 69")).toBe("de la région d'Auvergne-Rhône-Alpes");
    expect(prefectOf(null, null)).toBe("de région");
    expect(prefectOf("Atlantis", null)).toBe("de la région Atlantis");
  });

  it("the whole mention", () => {
    expect(activityDeclarationMention("84 69 12345 69", "Auvergne-Rhône-Alpes")).toBe(
      "Déclaration d'activité enregistrée sous le numéro 84 69 12345 69 auprès du préfet de la région d'Auvergne-Rhône-Alpes. Cet enregistrement ne vaut pas agrément de l'État.",
    );
  });
});
