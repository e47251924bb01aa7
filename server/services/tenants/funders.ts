/**
 * The funders a French training organisation deals with: the 11 OPCO (opérateurs de
 * compétences), the CPF managed by the Caisse des Dépôts, France Travail and the regions.
 */
export const STANDARD_FUNDERS: { code: string; name: string; kind: string }[] = [
  { code: "OPCO_AFDAS", name: "AFDAS", kind: "OPCO" },
  { code: "OPCO_AKTO", name: "AKTO", kind: "OPCO" },
  { code: "OPCO_ATLAS", name: "ATLAS", kind: "OPCO" },
  { code: "OPCO_CONSTRUCTYS", name: "Constructys", kind: "OPCO" },
  { code: "OPCO_OCAPIAT", name: "OCAPIAT", kind: "OPCO" },
  { code: "OPCO_2I", name: "OPCO 2i", kind: "OPCO" },
  { code: "OPCO_COHESION", name: "Uniformation (OPCO Cohésion sociale)", kind: "OPCO" },
  { code: "OPCO_COMMERCE", name: "L'Opcommerce", kind: "OPCO" },
  { code: "OPCO_EP", name: "OPCO EP", kind: "OPCO" },
  { code: "OPCO_MOBILITES", name: "OPCO Mobilités", kind: "OPCO" },
  { code: "OPCO_SANTE", name: "OPCO Santé", kind: "OPCO" },
  { code: "CPF_CDC", name: "Caisse des Dépôts (Mon Compte Formation)", kind: "CPF" },
  { code: "FRANCE_TRAVAIL", name: "France Travail", kind: "POLE_EMPLOI" },
  { code: "REGION", name: "Conseil régional", kind: "REGION" },
];
