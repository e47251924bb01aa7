/**
 * The 32 Qualiopi indicators (shared/compliance/qualiopi-indicators.md): criterion, French short
 * title, and whether they are common to every provider (22) or specific to some categories (10).
 */
export type IndicatorDef = { indicator: number; criterion: number; title: string; scope: "COMMON" | "SPECIFIC" };

const T: [number, number, string][] = [
  [1, 1, "Information détaillée et vérifiable sur les prestations"],
  [2, 1, "Indicateurs de résultats"],
  [3, 1, "Taux d'obtention des certifications, blocs, passerelles, débouchés"],
  [4, 2, "Analyse du besoin"],
  [5, 2, "Objectifs opérationnels et évaluables"],
  [6, 2, "Contenus et modalités adaptés"],
  [7, 2, "Adéquation du contenu aux exigences de la certification"],
  [8, 2, "Positionnement et évaluation des acquis à l'entrée"],
  [9, 3, "Information sur les conditions de déroulement"],
  [10, 3, "Mise en œuvre, adaptation et suivi"],
  [11, 3, "Évaluation de l'atteinte des objectifs"],
  [12, 3, "Engagement des bénéficiaires, prévention des ruptures"],
  [13, 3, "Coordination centre / entreprise en alternance"],
  [14, 3, "Accompagnement socio-professionnel, éducatif, citoyenneté"],
  [15, 3, "Droits et devoirs de l'apprenti, santé-sécurité"],
  [16, 3, "Conditions de présentation à la certification"],
  [17, 4, "Moyens humains et techniques, environnement adapté"],
  [18, 4, "Coordination des intervenants"],
  [19, 4, "Ressources pédagogiques"],
  [20, 4, "Mobilité, référent handicap, conseil de perfectionnement"],
  [21, 5, "Compétences des intervenants"],
  [22, 5, "Développement des compétences des salariés"],
  [23, 6, "Veille légale et réglementaire"],
  [24, 6, "Veille emplois, métiers, compétences"],
  [25, 6, "Veille innovations pédagogiques et technologiques"],
  [26, 6, "Accueil des personnes en situation de handicap"],
  [27, 6, "Sous-traitance / portage salarial"],
  [28, 6, "Réseau de partenaires, formation en situation de travail"],
  [29, 6, "Insertion professionnelle, poursuite d'études"],
  [30, 7, "Recueil des appréciations"],
  [31, 7, "Traitement des difficultés, réclamations, aléas"],
  [32, 7, "Mesures d'amélioration continue"],
];

const SPECIFIC = new Set([3, 7, 8, 13, 14, 15, 16, 20, 28, 29]);

export const INDICATORS: IndicatorDef[] = T.map(([indicator, criterion, title]) => ({ indicator, criterion, title, scope: SPECIFIC.has(indicator) ? "SPECIFIC" : "COMMON" }));

export const indicatorTitle = (n: number) => INDICATORS[n - 1]?.title ?? `Indicateur ${n}`;
