import type { TTemplateCategory } from "../../contracts/templates";

/**
 * The SYSTEM templates every tenant gets (issue #9 item 4), in French, with the mentions a
 * training organisation prints (Code du travail L6353-1 ff., L6352-12; see
 * ../shared/compliance/legal-notes.md). Seeded on tenant creation and by the demo seed
 * (idempotent: one per systemKey). A tenant cannot change them (403); it duplicates one to adapt it.
 */
export type SystemTemplate = { systemKey: string; name: string; category: TTemplateCategory; body: string };

const NDA =
  "Déclaration d'activité enregistrée sous le numéro {{organisation.activityNumber}} auprès du préfet {{organisation.prefectRegion}}. Cet enregistrement ne vaut pas agrément de l'État.";

export const SYSTEM_TEMPLATES: SystemTemplate[] = [
  {
    systemKey: "convention",
    name: "Convention de formation professionnelle",
    category: "CONVENTION",
    body: `# Convention de formation professionnelle

(articles L6353-1 et L6353-2 du Code du travail)

## Entre les soussignés

**{{organisation.name}}**, organisme de formation, {{organisation.address}}, SIRET {{organisation.siret}}.
${NDA}
Ci-après « l'organisme de formation »,

et **{{learner.fullName}}** ({{learner.email}}), ci-après « le stagiaire ».

## Article 1 — Objet

L'organisme de formation s'engage à organiser l'action de formation intitulée **{{course.title}}**, relevant des actions concourant au développement des compétences (article L6313-1 du Code du travail).

## Article 2 — Nature et caractéristiques de l'action

- Objectifs : {{course.objectives}}
- Public visé : {{course.targetAudience}}
- Prérequis : {{course.prerequisites}}
- Durée : {{course.durationHours}} heures
- Méthodes pédagogiques : {{course.teachingMethods}}
- Modalités d'évaluation : {{course.evaluationMethods}}
- Accessibilité : {{course.accessibility}}

Le programme détaillé de la formation est annexé à la présente convention.

## Article 3 — Dates et organisation

La formation débute le {{enrollment.enrolledAt}}. Une feuille d'émargement signée par demi-journée ou le relevé des connexions atteste l'assiduité du stagiaire.

## Article 4 — Dispositions financières

Le coût de la formation s'élève à **{{course.price}} € HT**. Financement : {{enrollment.financingSource}}.
Exonération de TVA — article 261-4-4° a du CGI, le cas échéant.

## Article 5 — Délai de rétractation et résiliation

Lorsque le stagiaire finance lui-même sa formation, il dispose d'un délai de rétractation de dix jours à compter de la signature (article L6353-5 du Code du travail). En cas de renoncement ou d'abandon, seules les prestations effectivement dispensées sont dues.

## Article 6 — Règlement intérieur et réclamations

Le stagiaire s'engage à respecter le règlement intérieur de l'organisme (article L6352-3). Toute réclamation peut être adressée à l'organisme de formation, qui y répond dans les meilleurs délais.

Fait le {{document.date}}, en deux exemplaires.

- Pour l'organisme de formation : {{organisation.name}}
- Le stagiaire : {{learner.fullName}}
`,
  },
  {
    systemKey: "convocation",
    name: "Convocation à la formation",
    category: "CONVOCATION",
    body: `# Convocation

**{{organisation.name}}** — {{organisation.address}}

Le {{document.date}},

Bonjour {{learner.firstName}} {{learner.lastName}},

Nous avons le plaisir de vous convoquer à la session de formation suivante :

- Formation : **{{course.title}}** ({{course.duration}} au total)
- Session : **{{session.title}}**
- Dates et horaires : **{{session.schedule}}** (heure locale, {{session.timeZone}})
- Encadrement pédagogique : {{session.trainers}}
- Modalité : {{session.mode}}
- Lieu : {{session.place}}
- {{session.access}}

Votre présence sera attestée par la signature de la feuille d'émargement (QR code, code PIN ou signature manuscrite) au début de chaque demi-journée.

En cas d'empêchement, merci de nous prévenir au plus tôt. Les personnes en situation de handicap peuvent contacter notre référent handicap pour adapter les conditions d'accueil.

Nous vous prions d'agréer nos salutations distinguées.

**{{organisation.name}}**

---

${NDA}
`,
  },
  {
    systemKey: "attestation",
    name: "Certificat de réalisation — attestation de fin de formation",
    category: "ATTESTATION",
    body: `# Certificat de réalisation

**{{organisation.name}}** (SIRET {{organisation.siret}}), dispensateur de l'action de formation, représenté par {{organisation.signatory}}, atteste que :

**{{learner.fullName}}**

a suivi l'action de formation intitulée **{{course.title}}**, de nature : action de formation (article L6313-1 du Code du travail).

- Dates de réalisation : du **{{enrollment.enrolledAt}}** au **{{enrollment.completedAt}}**
- Durée de la formation : **{{course.duration}}**
- Modalité : {{course.modality}}
- Sessions : {{enrollment.sessions}}
- Certification visée : {{course.certification}}
- Financement : {{enrollment.financingSource}}

## Attestation de fin de formation

Objectifs de la formation : {{course.objectives}}

Modalités d'évaluation des acquis : {{course.evaluationMethods}}

Résultat : le stagiaire a suivi l'intégralité du parcours et validé ses évaluations (article L6353-1 du Code du travail).

Fait à {{organisation.city}}, le {{document.date}}, pour servir et valoir ce que de droit.

**{{organisation.signatoryName}}**, {{organisation.signatoryRole}}

{{organisation.signature}}

**{{organisation.name}}**

---

${NDA}
Le stagiaire s'engage à conserver ce document, sans limitation de durée.
`,
  },
  {
    systemKey: "programme",
    name: "Programme de formation",
    category: "PROGRAMME",
    body: `# Programme de formation

## {{course.title}}

**{{organisation.name}}** — SIRET {{organisation.siret}}

## Objectifs pédagogiques

{{course.objectives}}

## Public visé et prérequis

- Public : {{course.targetAudience}}
- Prérequis : {{course.prerequisites}}

## Durée et tarif

- Durée : {{course.durationHours}} heures
- Tarif : {{course.price}} € HT

## Méthodes pédagogiques

{{course.teachingMethods}}

## Modalités d'évaluation

{{course.evaluationMethods}}

## Accessibilité

{{course.accessibility}}

---

Programme mis à jour le {{document.date}}. ${NDA}
`,
  },
  {
    systemKey: "emargement",
    name: "Feuille d'émargement",
    category: "EMARGEMENT",
    body: `# Feuille d'émargement

**{{organisation.name}}** — N° de déclaration d'activité {{organisation.activityNumber}}

- Formation : **{{course.title}}**
- Session : {{session.title}}
- Dates et horaires : {{session.schedule}} (heure locale, {{session.timeZone}})
- Encadrement pédagogique : {{session.trainers}}
- Modalité : {{session.mode}}
- Lieu : {{session.place}}

## Matin

- Stagiaire : ______________________ Signature : ______________________
- Formateur : ______________________ Signature : ______________________

## Après-midi

- Stagiaire : ______________________ Signature : ______________________
- Formateur : ______________________ Signature : ______________________

---

Les absences sont indiquées explicitement. Chaque signature est apposée au moment de la demi-journée concernée.
`,
  },
];

export const SYSTEM_KEY_BY_KIND = { CERTIFICATE: "attestation", CONVENTION: "convention", CONVOCATION: "convocation" } as const;
