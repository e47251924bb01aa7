import type { TAudience } from "../../contracts/ai";
import type { CourseContext } from "./provider";

/**
 * The wording of the local provider, in French (default) and English (courses whose language
 * starts with "en"). Pure data and formatting, no logic of its own.
 */
type Format = CourseContext["format"];

export type Phrases = {
  locale: string;
  q: (title: string) => string;
  yes: string;
  no: string;
  module: (n: number, title: string) => string;
  formats: Record<Format, string>;
  levels: Record<TAudience, string>;
  faq: {
    objectivesQ: (t: string) => string;
    objectivesA: (items: string[]) => string;
    contentQ: (t: string) => string;
    audienceQ: string;
    audienceFallback: (level: string | null) => string;
    prerequisitesQ: string;
    prerequisitesNone: string;
    durationQ: string;
    durationA: (hours: number | null, modules: number, lessons: number) => string;
    programmeQ: string;
    formatQ: string;
    formatA: (format: string, methods: string | null) => string;
    evaluationQ: string;
    evaluationQuiz: (quizzes: number) => string;
    accessibilityQ: string;
    referent: (contact: string) => string;
    priceQ: string;
    priceA: (amount: string) => string;
    free: string;
  };
  seo: { titleSuffix: string; descriptionFallback: (t: string) => string };
  lesson: {
    objectives: string;
    introduction: string;
    keyPoints: string;
    practice: string;
    remember: string;
    context: string;
    introFallback: (module: string, course: string) => string;
    objective1: (lesson: string) => string;
    objective2: (objective: string) => string;
    objective3: string;
    keyPoint: (word: string) => string;
    keyPointFallback: (lesson: string) => string;
    practiceA: (lesson: string) => string;
    rememberA: (lesson: string, module: string) => string;
  };
  quiz: {
    title: (module: string) => string;
    belongs: (lesson: string, module: string) => string;
    belongsTrue: (module: string) => string;
    belongsFalse: (module: string) => string;
    whichLesson: (module: string) => string;
    objective: (objective: string) => string;
    objectiveExplanation: string;
    moduleOf: (module: string, course: string) => string;
    moduleOfExplanation: string;
  };
  variant: {
    intro: Record<TAudience, string>;
    emphasis: (instructions: string) => string;
    callout: Record<TAudience, string>;
    audience: Record<TAudience, string>;
    prerequisites: Record<TAudience, string>;
  };
  brief: {
    newVersion: (title: string) => string;
    understand: (topic: string) => string;
    apply: (topic: string) => string;
    discover: (topic: string) => string;
    deepen: (topic: string) => string;
    practise: (topic: string) => string;
    /** Lesson titles of the three modules made when a brief names a single subject. */
    stages: [string, string][];
    finalQuiz: string;
    noPracticeQ: string;
    noPracticeExplanation: string;
  };
};

const fr: Phrases = {
  locale: "fr-FR",
  q: (t) => `« ${t} »`,
  yes: "Vrai",
  no: "Faux",
  module: (n, t) => `Module ${n} : ${t}`,
  formats: { ELEARNING: "à distance (e-learning)", LIVE: "en classe virtuelle", BLENDED: "en formation mixte (distanciel et présentiel)", PRESENTIAL: "en présentiel" },
  levels: { BEGINNER: "débutant", INTERMEDIATE: "intermédiaire", ADVANCED: "avancé", EXPERT: "expert" },
  faq: {
    objectivesQ: (t) => `Quels sont les objectifs de la formation « ${t} » ?`,
    objectivesA: (items) => `À l'issue de la formation, vous serez capable de : ${items.join(" ; ")}.`,
    contentQ: (t) => `Que contient la formation « ${t} » ?`,
    audienceQ: "À qui s'adresse cette formation ?",
    audienceFallback: (level) =>
      level ? `Elle s'adresse à un public de niveau ${level}.` : "Elle s'adresse à toute personne souhaitant développer ses compétences sur ce sujet.",
    prerequisitesQ: "Quels sont les prérequis ?",
    prerequisitesNone: "Aucun prérequis n'est indiqué pour cette formation ; contactez-nous en cas de doute.",
    durationQ: "Quelle est la durée de la formation ?",
    durationA: (h, m, l) => {
      const parts: string[] = [];
      if (h) parts.push(`La formation dure ${h} heure${h > 1 ? "s" : ""}.`);
      if (m) parts.push(`Elle comprend ${m} module${m > 1 ? "s" : ""} et ${l} leçon${l > 1 ? "s" : ""}.`);
      return parts.length ? parts.join(" ") : "La durée vous est précisée lors de l'inscription.";
    },
    programmeQ: "Quel est le programme ?",
    formatQ: "Comment se déroule la formation ?",
    formatA: (f, m) => `La formation se déroule ${f}.${m ? ` ${m}` : ""}`,
    evaluationQ: "Comment les acquis sont-ils évalués ?",
    evaluationQuiz: (n) => `Vos acquis sont évalués par ${n} quiz au fil des modules.`,
    accessibilityQ: "La formation est-elle accessible aux personnes en situation de handicap ?",
    referent: (c) => `Référent handicap : ${c}.`,
    priceQ: "Quel est le tarif ?",
    priceA: (a) => `Le tarif de la formation est de ${a}.`,
    free: "La formation est gratuite.",
  },
  seo: { titleSuffix: "Formation", descriptionFallback: (t) => `Formation « ${t} » : objectifs, programme, durée et modalités d'inscription.` },
  lesson: {
    objectives: "Objectifs de la leçon",
    introduction: "Introduction",
    keyPoints: "Points clés",
    practice: "Mise en pratique",
    remember: "À retenir",
    context: "Contexte",
    introFallback: (m, c) => `Cette leçon fait partie du module « ${m} » de la formation « ${c} ».`,
    objective1: (l) => `Comprendre les notions essentielles de « ${l} »`,
    objective2: (o) => `Contribuer à l'objectif de la formation : ${o}`,
    objective3: "Appliquer ces notions dans une situation professionnelle",
    keyPoint: (w) => `**${w}** : définition, enjeux et exemples d'application.`,
    keyPointFallback: (l) => `Les notions de « ${l} » et leur usage au quotidien.`,
    practiceA: (l) => `Décrivez une situation de votre quotidien professionnel où « ${l} » s'applique, puis listez les étapes que vous suivriez.`,
    rememberA: (l, m) => `« ${l} » est une étape du module « ${m} » : revenez-y avant le quiz du module.`,
  },
  quiz: {
    title: (m) => `Quiz : ${m}`,
    belongs: (l, m) => `La leçon « ${l} » fait partie du module « ${m} ».`,
    belongsTrue: (m) => `Cette leçon est bien au programme du module « ${m} ».`,
    belongsFalse: (m) => `Cette leçon appartient à un autre module que « ${m} ».`,
    whichLesson: (m) => `Quelle leçon appartient au module « ${m} » ?`,
    objective: (o) => `Un des objectifs de la formation est : ${o}`,
    objectiveExplanation: "C'est un des objectifs pédagogiques annoncés.",
    moduleOf: (m, c) => `Le module « ${m} » fait partie de la formation « ${c} ».`,
    moduleOfExplanation: "Ce module figure au programme de la formation.",
  },
  variant: {
    intro: {
      BEGINNER: "Version pour débutants : les notions sont introduites pas à pas, avec des exemples concrets et sans jargon.",
      INTERMEDIATE: "Version intermédiaire : les bases sont rappelées rapidement pour consolider les pratiques et gagner en autonomie.",
      ADVANCED: "Version avancée : approfondissement, cas complexes et bonnes pratiques pour des professionnels déjà opérationnels.",
      EXPERT: "Version experte : analyse critique, cas limites et transmission des pratiques pour des spécialistes du sujet.",
    },
    emphasis: (i) => `Cette version met l'accent sur : ${i}`,
    callout: {
      BEGINNER: "> **Niveau débutant** : prenez le temps de lire chaque exemple ; les termes techniques sont expliqués au fil de la leçon.",
      INTERMEDIATE: "> **Niveau intermédiaire** : les rappels sont brefs ; concentrez-vous sur la mise en pratique.",
      ADVANCED: "> **Niveau avancé** : cette leçon suppose les bases acquises et insiste sur les cas complexes.",
      EXPERT: "> **Niveau expert** : confrontez cette leçon à votre propre pratique et aux cas limites que vous rencontrez.",
    },
    audience: {
      BEGINNER: "Public débutant : personnes qui découvrent le sujet.",
      INTERMEDIATE: "Public intermédiaire : personnes qui pratiquent déjà le sujet et veulent se perfectionner.",
      ADVANCED: "Public avancé : professionnels expérimentés souhaitant approfondir.",
      EXPERT: "Public expert : spécialistes, formateurs et référents du sujet.",
    },
    prerequisites: {
      BEGINNER: "Aucun prérequis.",
      INTERMEDIATE: "Connaître les bases du sujet.",
      ADVANCED: "Maîtriser les fondamentaux du sujet et les pratiquer régulièrement.",
      EXPERT: "Expérience confirmée du sujet.",
    },
  },
  brief: {
    newVersion: (t) => `${t} (nouvelle version)`,
    understand: (t) => `Comprendre : ${t}`,
    apply: (t) => `Appliquer : ${t}`,
    discover: (t) => `Découvrir : ${t}`,
    deepen: (t) => `Approfondir : ${t}`,
    practise: (t) => `Mettre en pratique : ${t}`,
    stages: [
      ["Les notions essentielles", "Le vocabulaire et les repères"],
      ["Les méthodes et les outils", "Les erreurs fréquentes"],
      ["Étude de cas", "Exercice guidé"],
    ],
    finalQuiz: "Évaluation finale",
    noPracticeQ: "Cette formation ne comporte aucune mise en pratique.",
    noPracticeExplanation: "Chaque module se termine par une leçon de mise en pratique.",
  },
};

const en: Phrases = {
  locale: "en-GB",
  q: (t) => `"${t}"`,
  yes: "True",
  no: "False",
  module: (n, t) => `Module ${n}: ${t}`,
  formats: { ELEARNING: "online (e-learning)", LIVE: "in a virtual classroom", BLENDED: "in blended mode (online and in person)", PRESENTIAL: "in person" },
  levels: { BEGINNER: "beginner", INTERMEDIATE: "intermediate", ADVANCED: "advanced", EXPERT: "expert" },
  faq: {
    objectivesQ: (t) => `What are the objectives of "${t}"?`,
    objectivesA: (items) => `By the end of the course you will be able to: ${items.join("; ")}.`,
    contentQ: (t) => `What does "${t}" cover?`,
    audienceQ: "Who is this course for?",
    audienceFallback: (level) => (level ? `It is designed for ${level} learners.` : "It is designed for anyone who wants to build skills on this subject."),
    prerequisitesQ: "What are the prerequisites?",
    prerequisitesNone: "No prerequisites are stated for this course; contact us if in doubt.",
    durationQ: "How long is the course?",
    durationA: (h, m, l) => {
      const parts: string[] = [];
      if (h) parts.push(`The course lasts ${h} hour${h > 1 ? "s" : ""}.`);
      if (m) parts.push(`It has ${m} module${m > 1 ? "s" : ""} and ${l} lesson${l > 1 ? "s" : ""}.`);
      return parts.length ? parts.join(" ") : "The duration is given on enrolment.";
    },
    programmeQ: "What is the programme?",
    formatQ: "How is the course delivered?",
    formatA: (f, m) => `The course is delivered ${f}.${m ? ` ${m}` : ""}`,
    evaluationQ: "How is learning assessed?",
    evaluationQuiz: (n) => `Your learning is assessed by ${n} quiz${n > 1 ? "zes" : ""} along the modules.`,
    accessibilityQ: "Is the course accessible to people with disabilities?",
    referent: (c) => `Disability contact: ${c}.`,
    priceQ: "How much does it cost?",
    priceA: (a) => `The course costs ${a}.`,
    free: "The course is free.",
  },
  seo: { titleSuffix: "Training", descriptionFallback: (t) => `"${t}": objectives, programme, duration and how to enrol.` },
  lesson: {
    objectives: "Lesson objectives",
    introduction: "Introduction",
    keyPoints: "Key points",
    practice: "Practice",
    remember: "Remember",
    context: "Context",
    introFallback: (m, c) => `This lesson is part of the module "${m}" of the course "${c}".`,
    objective1: (l) => `Understand the essentials of "${l}"`,
    objective2: (o) => `Contribute to the course objective: ${o}`,
    objective3: "Apply these ideas in a professional situation",
    keyPoint: (w) => `**${w}**: definition, stakes and examples.`,
    keyPointFallback: (l) => `The ideas of "${l}" and how they are used day to day.`,
    practiceA: (l) => `Describe a situation from your work where "${l}" applies, then list the steps you would follow.`,
    rememberA: (l, m) => `"${l}" is a step of the module "${m}": review it before the module quiz.`,
  },
  quiz: {
    title: (m) => `Quiz: ${m}`,
    belongs: (l, m) => `The lesson "${l}" is part of the module "${m}".`,
    belongsTrue: (m) => `This lesson is in the module "${m}".`,
    belongsFalse: (m) => `This lesson belongs to another module than "${m}".`,
    whichLesson: (m) => `Which lesson belongs to the module "${m}"?`,
    objective: (o) => `One of the course objectives is: ${o}`,
    objectiveExplanation: "It is one of the stated learning objectives.",
    moduleOf: (m, c) => `The module "${m}" is part of the course "${c}".`,
    moduleOfExplanation: "This module is in the course programme.",
  },
  variant: {
    intro: {
      BEGINNER: "Beginner version: ideas are introduced step by step, with concrete examples and no jargon.",
      INTERMEDIATE: "Intermediate version: the basics are recalled briefly to consolidate practice and build autonomy.",
      ADVANCED: "Advanced version: deeper coverage, complex cases and good practice for experienced professionals.",
      EXPERT: "Expert version: critical analysis, edge cases and passing practice on, for specialists.",
    },
    emphasis: (i) => `This version focuses on: ${i}`,
    callout: {
      BEGINNER: "> **Beginner level**: take time to read each example; technical terms are explained as you go.",
      INTERMEDIATE: "> **Intermediate level**: reminders are short; focus on practice.",
      ADVANCED: "> **Advanced level**: this lesson assumes the basics and focuses on complex cases.",
      EXPERT: "> **Expert level**: compare this lesson with your own practice and the edge cases you meet.",
    },
    audience: {
      BEGINNER: "Beginners discovering the subject.",
      INTERMEDIATE: "Practitioners who want to improve.",
      ADVANCED: "Experienced professionals who want to go further.",
      EXPERT: "Specialists, trainers and subject leads.",
    },
    prerequisites: {
      BEGINNER: "None.",
      INTERMEDIATE: "Know the basics of the subject.",
      ADVANCED: "Master the fundamentals and practise them regularly.",
      EXPERT: "Proven experience of the subject.",
    },
  },
  brief: {
    newVersion: (t) => `${t} (new version)`,
    understand: (t) => `Understand: ${t}`,
    apply: (t) => `Apply: ${t}`,
    discover: (t) => `Discover: ${t}`,
    deepen: (t) => `Go further: ${t}`,
    practise: (t) => `Put into practice: ${t}`,
    stages: [
      ["The essentials", "Key terms and landmarks"],
      ["Methods and tools", "Common mistakes"],
      ["Case study", "Guided exercise"],
    ],
    finalQuiz: "Final assessment",
    noPracticeQ: "This course has no practical exercise.",
    noPracticeExplanation: "Every module ends with a practice lesson.",
  },
};

export function phrasesFor(language: string | null | undefined): Phrases {
  return (language ?? "").toLowerCase().startsWith("en") ? en : fr;
}

export function formatPrice(p: Phrases, cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat(p.locale, { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}
