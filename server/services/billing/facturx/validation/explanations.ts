/**
 * What to fix, in French, for the rules an invoice of the platform can plausibly fail: the
 * organisation's legal identity (Paramètres > Identité légale), the client's record (Facturation >
 * Clients) or the invoice's lines. Keyed by the official rule id; a BR-FR id with a suffix
 * ("BR-FR-12_BT-49") falls back to its base ("BR-FR-12"). Any other rule: the generic sentence
 * quoting the official text ("Règle {id} non respectée : {texte officiel}").
 */
const EXPLANATIONS: Record<string, string> = {
  XSD: "Le fichier XML ne respecte pas le schéma Factur-X du profil : un champ a un format invalide (voir le détail). Vérifiez l'identité légale de l'organisme, la fiche du client et les lignes de la facture.",
  "BT-24": "Le profil Factur-X de l'organisme est inconnu : choisissez BASIC, EN 16931 ou EXTENDED dans l'identité légale.",

  // Totals and lines
  "BR-16": "La facture doit comporter au moins une ligne.",
  "BR-21": "Chaque ligne de la facture doit avoir un numéro de ligne.",
  "BR-25": "Chaque ligne doit avoir un libellé : renseignez la description de la ligne.",
  "BR-26": "Chaque ligne doit avoir un prix unitaire.",
  "BR-27": "Le prix unitaire d'une ligne ne peut pas être négatif : corrigez le prix (une remise se saisit dans le champ remise).",
  "BR-CO-10": "La somme des montants nets des lignes ne correspond pas au total HT des lignes : recalculez la facture (modifiez puis enregistrez une ligne).",
  "BR-CO-13": "Le total HT ne correspond pas à la somme des lignes : recalculez la facture (modifiez puis enregistrez une ligne).",
  "BR-CO-14": "Le total de TVA ne correspond pas à la somme de la TVA par taux : recalculez la facture (modifiez puis enregistrez une ligne).",
  "BR-CO-15": "Le total TTC doit être égal au total HT plus le total de TVA : recalculez la facture (modifiez puis enregistrez une ligne).",
  "BR-CO-16": "Le montant à payer doit être égal au total TTC : recalculez la facture (modifiez puis enregistrez une ligne).",
  "BR-CO-17": "La TVA d'un taux doit être égale à la base multipliée par le taux, arrondie au centime : recalculez la facture.",
  "BR-CO-18": "La facture doit comporter au moins un récapitulatif de TVA : vérifiez le taux de TVA des lignes.",
  "BR-CO-04": "Chaque ligne doit avoir une catégorie de TVA : vérifiez le taux de TVA des lignes.",
  "BR-CO-26": "Le vendeur doit être identifié (SIRET, SIREN ou numéro de TVA) : complétez l'identité légale de l'organisme.",
  "BR-CO-09":
    "Le numéro de TVA intracommunautaire (du vendeur ou du client) doit commencer par le code d'un pays (ISO 3166-1, « EL » pour la Grèce) : corrigez le numéro de TVA dans la fiche du client ou dans l'identité légale.",
  "BR-CL-14": "Le code pays d'une adresse n'existe pas (ISO 3166-1 alpha-2, par exemple FR, BE, CH) : corrigez le pays dans la fiche du client ou dans l'identité légale.",
  "BR-CL-03": "La devise n'est pas un code ISO 4217 (par exemple EUR, USD, CHF) : corrigez la devise de la facture.",
  "BR-CL-04": "La devise n'est pas un code ISO 4217 (par exemple EUR, USD, CHF) : corrigez la devise de la facture.",
  "BR-53": "Pour une facture dans une autre devise que l'euro, le montant de la TVA en euros est obligatoire : renseignez le taux de change vers l'euro.",
  "BR-29": "La fin de la période de prestation ne peut pas précéder son début.",

  // Parties
  "BR-06": "Le nom du vendeur est obligatoire : complétez la raison sociale dans l'identité légale.",
  "BR-07": "Le nom du client est obligatoire : complétez la fiche du client.",
  "BR-08": "L'adresse du vendeur est obligatoire : complétez l'adresse dans l'identité légale.",
  "BR-09": "Le pays du vendeur est obligatoire : complétez l'identité légale.",
  "BR-10": "L'adresse du client est obligatoire : complétez la fiche du client.",
  "BR-11": "Le pays du client est obligatoire : complétez la fiche du client.",
  "BR-62": "L'adresse électronique du vendeur doit indiquer son type : complétez le SIREN de l'organisme.",
  "BR-63": "L'adresse électronique du client doit indiquer son type : complétez le SIREN ou l'e-mail du client.",

  // VAT: standard rate
  "BR-S-01": "Une facture avec des lignes soumises à la TVA doit comporter le récapitulatif de TVA au taux normal : recalculez la facture.",
  "BR-S-02": "Des lignes soumises à la TVA exigent le numéro de TVA intracommunautaire du vendeur : complétez l'identité légale.",
  "BR-S-05": "Une ligne soumise à la TVA (catégorie S) doit avoir un taux de TVA supérieur à zéro : corrigez le taux de la ligne, ou passez l'organisme en exonération (article 261-4-4° a du CGI) si la formation est exonérée.",
  "BR-S-08": "La base de TVA d'un taux doit être égale à la somme des lignes à ce taux : recalculez la facture.",
  "BR-S-09": "La TVA d'un taux doit être égale à la base multipliée par le taux, arrondie au centime : recalculez la facture.",
  "BR-S-10": "Une ligne soumise à la TVA ne doit pas porter de motif d'exonération.",

  // VAT: exemption (training, art. 261-4-4° a CGI)
  "BR-E-01": "Une facture avec des lignes exonérées doit comporter un seul récapitulatif « exonéré » : vérifiez que toutes les lignes exonérées ont un taux de 0 %.",
  "BR-E-02": "Des lignes exonérées de TVA exigent le numéro de TVA intracommunautaire du vendeur : complétez l'identité légale.",
  "BR-E-05": "Une ligne exonérée de TVA doit avoir un taux de 0 % : corrigez le taux de la ligne.",
  "BR-E-08": "La base exonérée doit être égale à la somme des lignes exonérées : recalculez la facture.",
  "BR-E-09": "Le montant de TVA d'une base exonérée doit être nul : vérifiez le taux des lignes (0 % pour une formation exonérée).",
  "BR-E-10": "Une facture exonérée doit indiquer le motif d'exonération (article 261-4-4° a du CGI) : vérifiez le régime de TVA de l'organisme.",

  // BR-FR (French e-invoicing reform)
  "BR-FR-01": "Le numéro de facture (ou de la facture d'origine d'un avoir) dépasse 35 caractères : raccourcissez le préfixe de numérotation de l'organisme.",
  "BR-FR-02": "Le numéro de facture ne peut contenir que des lettres, des chiffres et les signes + - _ / (sans espace) : corrigez le préfixe de numérotation de l'organisme.",
  "BR-FR-05": "Les mentions obligatoires (pénalités de retard, indemnité forfaitaire de recouvrement, escompte) manquent dans les notes de la facture.",
  "BR-FR-06": "Une mention obligatoire (pénalités, indemnité de recouvrement ou escompte) figure plusieurs fois dans les notes.",
  "BR-FR-08": "Le cadre de facturation (BT-23) n'est pas un code admis par la réforme française.",
  "BR-FR-09": "Un SIRET est invalide (14 chiffres, clé de contrôle) : corrigez le SIRET dans l'identité légale ou dans la fiche du client.",
  "BR-FR-10": "Le SIREN du vendeur est obligatoire et doit être valide (9 chiffres, clé de contrôle) : corrigez l'identité légale de l'organisme.",
  "BR-FR-11": "Le SIREN du client est invalide (9 chiffres, clé de contrôle) : corrigez la fiche du client.",
  "BR-FR-12": "Le client n'a pas d'adresse électronique de facturation : renseignez son SIREN (entreprise) ou son adresse e-mail (particulier, client étranger) dans sa fiche.",
  "BR-FR-13": "L'adresse électronique de facturation du vendeur (SIREN) manque : complétez le SIREN de l'organisme dans l'identité légale.",
  "BR-FR-21": "L'adresse électronique de facturation du client est mal formée : corrigez le SIREN ou l'e-mail du client.",
  "BR-FR-22": "L'adresse électronique de facturation du vendeur doit commencer par son SIREN : corrigez le SIREN de l'organisme.",
  "BR-FR-CO-05": "Le type de document n'est pas admis pour une facture ou un avoir.",
  "BR-FR-CO-07": "La date d'échéance ne peut pas précéder la date de la facture : corrigez l'échéance.",
  "BR-FR-CO-12": "Pour une facture dans une autre devise que l'euro, la TVA doit aussi être exprimée en euros : renseignez le taux de change vers l'euro.",
};

/** The French explanation of a failed rule (see above); `official` is the rule's own text. */
export function explainRule(rule: string, official: string): string {
  const direct = EXPLANATIONS[rule];
  if (direct) return direct;
  const base = /^(BR-FR-(?:CO-|DEC-|MV-)?\d+)_/.exec(rule)?.[1];
  if (base && EXPLANATIONS[base]) return EXPLANATIONS[base];
  // The BR-FR texts are French already: quoted as they are.
  return `Règle ${rule} non respectée : ${official.replace(/^\[[^\]]+\]\s*-?\s*/, "")}`;
}
