import { clock } from "../lib/clock";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import {
  activityLogs,
  courses,
  courseTrainers,
  enrollments,
  lessonProgress,
  lessons,
  media,
  modules,
  questionnaires,
  questions,
  quizAttempts,
  trainerCompetencies,
  type Choice,
} from "../db/schema";
import { forTenant, type TenantScope } from "../db/tenant-scope";
import { newId } from "../lib/ids";
import { mediaStorage } from "../services/media/storage";
import { textPdf } from "./text-pdf";

/**
 * Demo catalogue of one tenant (conventions §11): courses in every status with modules,
 * lessons and quizzes, a trainer with competencies, enrollments at various progress levels
 * and their activity history. Idempotent: a course that already has modules is left alone.
 */
type People = Record<"admin" | "creator" | "trainer" | "learner" | "learner2", string> & { learner3?: string };

/** `document`: a FILE lesson's downloadable PDF (textPdf), stored as the tenant's media. */
type LessonSeed = { title: string; kind?: "TEXT" | "VIDEO" | "FILE" | "QUIZ"; content?: string; quiz?: QuizSeed; minutes?: number; document?: { fileName: string; lines: string[] } };
type QuizSeed = { title: string; passMark: number; questions: { prompt: string; kind: "SINGLE_CHOICE" | "MULTIPLE_CHOICE" | "TRUE_FALSE"; choices: [string, boolean][]; explanation: string }[] };
type CourseSeed = {
  slug: string;
  title: string;
  description: string;
  status: "DRAFT" | "PUBLISHED" | "ARCHIVED";
  price: number;
  duration: number | null;
  format: "ELEARNING" | "LIVE" | "BLENDED" | "PRESENTIAL";
  level: "BEGINNER" | "INTERMEDIATE" | "ADVANCED" | "EXPERT";
  tags: string[];
  qualiopi: QualiopiSeed | null;
  modules: { title: string; lessons: LessonSeed[] }[];
};

/** The Qualiopi fields every certifying demo course fills; each course states its own objectives and assessment. */
type QualiopiSeed = { pedagogicalObjectives: string; prerequisites: string; targetAudience: string; teachingMethods: string; evaluationMethods: string; certificationNumber: string | null; certificationValidUntil: string | null };

const QUALIOPI_COMMON = {
  accessibilityInfo: "Formation accessible aux personnes en situation de handicap : contactez notre référent pour adapter les modalités.",
  disabilityReferentContact: "Claire Dubois — handicap@acme.test — 01 23 45 67 89",
  // No course-level NDA: the organisation's (legal identity) is the only one printed.
  activityNumber: null,
};

const QUALIOPI_SST: QualiopiSeed = {
  pedagogicalObjectives: "À l'issue de la formation, le stagiaire sera capable d'intervenir efficacement face à une situation d'accident et de contribuer à la prévention des risques.",
  prerequisites: "Aucun prérequis. Savoir lire et écrire le français.",
  targetAudience: "Tout salarié souhaitant devenir sauveteur secouriste du travail.",
  teachingMethods: "Apports théoriques, démonstrations, mises en situation pratiques sur mannequin, cas concrets.",
  evaluationMethods: "Évaluation continue, quiz de fin de module, épreuves certificatives selon le référentiel INRS.",
  certificationNumber: "RS5678",
  certificationValidUntil: "2028-12-31",
};

const QUALIOPI_EXCEL: QualiopiSeed = {
  pedagogicalObjectives: "À l'issue de la formation, le stagiaire sera capable de préparer une source de données, de construire un tableau croisé dynamique et d'en tirer une analyse (regroupements, filtres, calculs).",
  prerequisites: "Connaître les bases d'Excel (saisie, formules simples).",
  targetAudience: "Salariés amenés à analyser des données dans Excel : gestionnaires, assistants, contrôleurs.",
  teachingMethods: "Modules e-learning, démonstrations vidéo, exercices pratiques sur fichiers fournis.",
  evaluationMethods: "Quiz final noté (seuil de réussite 50 %) et exercice pratique de construction d'un tableau croisé dynamique.",
  certificationNumber: null,
  certificationValidUntil: null,
};

const QUALIOPI_OFFICE: QualiopiSeed = {
  pedagogicalObjectives: "À l'issue de la formation, le stagiaire sera capable d'utiliser l'interface et les fonctions de base des logiciels bureautiques.",
  prerequisites: "Aucun prérequis.",
  targetAudience: "Tout salarié débutant en bureautique.",
  teachingMethods: "Modules e-learning et exercices guidés.",
  evaluationMethods: "Quiz de fin de module.",
  certificationNumber: null,
  certificationValidUntil: null,
};

/** A lesson's markdown: its body, its key points, and the sentence to remember (the body's first). */
const md = (title: string, body: string, points: string[] = []) =>
  [`# ${title}`, "", body, ...(points.length ? ["", ...points.map((p) => `- ${p}`)] : []), "", `> À retenir : ${body.split(".")[0]}.`].join("\n");

const CATALOGUE: CourseSeed[] = [
  {
    slug: "sauveteur-secouriste-du-travail",
    title: "Sauveteur Secouriste du Travail (SST)",
    description: "Formation initiale aux gestes de premiers secours en entreprise : protéger, examiner, alerter, secourir.",
    status: "PUBLISHED",
    price: 29000,
    duration: 14,
    format: "BLENDED",
    level: "BEGINNER",
    tags: ["sécurité", "secourisme", "obligatoire"],
    qualiopi: QUALIOPI_SST,
    modules: [
      {
        title: "Le cadre de l'intervention",
        lessons: [
          { title: "Le rôle du SST dans l'entreprise", content: md("Le rôle du SST", "Le SST intervient immédiatement en cas d'accident. Il participe aussi à la prévention des risques dans son entreprise.", ["Le sauveteur porte secours à toute victime d'un accident ou d'un malaise sur le lieu de travail.", "Il signale à sa hiérarchie les situations dangereuses qu'il repère.", "Son certificat se maintient par un recyclage obligatoire tous les vingt-quatre mois."]), minutes: 20 },
          { title: "Le cadre juridique", content: md("Cadre juridique", "Le Code du travail impose la présence de secouristes. Le SST agit dans le cadre de l'obligation de porter secours.", ["L'omission de porter secours à une personne en péril est un délit puni par le Code pénal.", "Le sauveteur n'agit que dans la limite de ses compétences acquises en formation.", "L'employeur organise les premiers secours avec le médecin du travail."]), minutes: 15 },
        ],
      },
      {
        title: "Protéger, examiner, alerter",
        lessons: [
          {
            title: "Protéger : supprimer le danger",
            content: md("Protéger", "Avant d'agir, le sauveteur repère les dangers persistants qui menacent la victime, les témoins et lui-même.", [
              "Il coupe le courant électrique ou arrête la machine en cause s'il peut le faire sans risque.",
              "Il balise la zone pour éviter un suraccident, par exemple sur une voie de circulation.",
              "Le dégagement d'urgence de la victime reste l'exception, quand le danger ne peut pas être supprimé.",
            ]),
            minutes: 10,
          },
          { title: "Examiner la victime", content: md("Examiner", "On vérifie la conscience puis la respiration. L'examen guide l'action.", ["Pour apprécier la conscience, le sauveteur pose une question simple et demande de serrer la main.", "La respiration se contrôle en libérant les voies aériennes par une bascule prudente de la tête.", "Une victime inconsciente qui respire est placée en position latérale de sécurité."]), minutes: 20 },
          {
            title: "Quiz : les bons réflexes",
            kind: "QUIZ",
            quiz: {
              title: "Les bons réflexes",
              passMark: 60,
              questions: [
                { prompt: "Quel numéro d'urgence européen peut-on composer ?", kind: "SINGLE_CHOICE", choices: [["112", true], ["118 218", false], ["3615", false]], explanation: "Le 112 est le numéro d'urgence européen, joignable depuis tout téléphone." },
                { prompt: "Quelles actions font partie de l'alerte ?", kind: "MULTIPLE_CHOICE", choices: [["Indiquer le lieu précis", true], ["Décrire l'état de la victime", true], ["Raccrocher le premier", false]], explanation: "On ne raccroche que lorsque l'interlocuteur l'autorise." },
                { prompt: "On peut déplacer une victime sans danger persistant.", kind: "TRUE_FALSE", choices: [["Vrai", false], ["Faux", true]], explanation: "Sans danger persistant, on ne déplace pas la victime." },
              ],
            },
          },
        ],
      },
      {
        title: "Secourir",
        lessons: [
          { title: "La victime saigne abondamment", content: md("Hémorragie", "Appuyer fortement sur la plaie. Allonger la victime et alerter.", ["La compression directe se fait avec la main protégée par des gants ou un tissu propre.", "Un pansement compressif relaie la main du sauveteur quand il doit alerter.", "Le garrot ne se pose qu'en dernier recours, quand la compression est impossible ou inefficace."]), minutes: 25 },
          { title: "La victime ne respire pas", content: md("Arrêt cardiaque", "Alerter, masser, défibriller. Chaque minute compte.", ["Les compressions thoraciques se font au centre de la poitrine, à un rythme de cent à cent vingt par minute.", "Le défibrillateur automatisé externe guide le sauveteur par des messages vocaux.", "Le massage cardiaque continue sans interruption jusqu'à l'arrivée des secours."]), minutes: 30 },
          {
            title: "Fiche mémo à télécharger",
            kind: "FILE",
            content: "La fiche mémo PDF des gestes de secours, à imprimer et à garder près du poste de travail.",
            minutes: 5,
            document: {
              fileName: "fiche-memo-sst.pdf",
              lines: [
                "Fiche mémo : les gestes du Sauveteur Secouriste du Travail",
                "1. Protéger : supprimer ou isoler le danger, baliser la zone.",
                "2. Examiner : conscience, puis respiration.",
                "3. Alerter : 15, 18 ou 112 ; lieu précis, état de la victime, gestes faits.",
                "4. Secourir :",
                "   - saignement abondant : appuyer fortement sur la plaie, allonger la victime ;",
                "   - inconscient qui respire : position latérale de sécurité ;",
                "   - ne respire pas : masser, défibriller, sans interruption jusqu'aux secours.",
              ],
            },
          },
        ],
      },
    ],
  },
  {
    slug: "excel-tableaux-croises-dynamiques",
    title: "Excel : tableaux croisés dynamiques",
    description: "Analyser rapidement de grands volumes de données avec les tableaux croisés dynamiques.",
    status: "PUBLISHED",
    price: 45000,
    duration: 7,
    format: "ELEARNING",
    level: "INTERMEDIATE",
    tags: ["bureautique", "excel", "données"],
    qualiopi: QUALIOPI_EXCEL,
    modules: [
      {
        title: "Préparer ses données",
        lessons: [
          { title: "Structurer un tableau source", content: md("Tableau source", "Une ligne par enregistrement, une colonne par champ. Pas de cellules fusionnées.", ["Chaque colonne porte un en-tête unique sur la première ligne.", "Les lignes vides et les sous-totaux manuels faussent les regroupements."]), minutes: 15 },
          { title: "Mettre sous forme de tableau", content: md("Mise sous forme de tableau", "Le format tableau étend automatiquement la source. Il facilite les mises à jour.", ["Un tableau nommé sert de source dynamique au tableau croisé.", "Les nouvelles lignes saisies sous le tableau y sont intégrées sans reprendre la plage."]), minutes: 10 },
        ],
      },
      {
        title: "Construire et analyser",
        lessons: [
          {
            title: "Créer son premier TCD",
            content: md("Premier tableau croisé dynamique", "Sélectionnez une cellule de la source puis choisissez Insertion, Tableau croisé dynamique.", [
              "Faites glisser un champ texte dans la zone Lignes pour regrouper les enregistrements.",
              "Placez un champ numérique dans la zone Valeurs : Excel en calcule la somme.",
              "La zone Filtres limite l'analyse à une période ou à une catégorie.",
            ]),
            minutes: 20,
          },
          {
            title: "Quiz final",
            kind: "QUIZ",
            quiz: {
              title: "Quiz final TCD",
              passMark: 50,
              questions: [
                { prompt: "Où place-t-on les champs à additionner ?", kind: "SINGLE_CHOICE", choices: [["Dans la zone Valeurs", true], ["Dans la zone Filtres", false]], explanation: "La zone Valeurs agrège les données (somme, nombre, moyenne…)." },
                { prompt: "Un TCD se met à jour automatiquement quand la source change.", kind: "TRUE_FALSE", choices: [["Vrai", false], ["Faux", true]], explanation: "Il faut actualiser le TCD (Données > Actualiser)." },
              ],
            },
          },
        ],
      },
    ],
  },
  {
    slug: "management-d-equipe",
    title: "Management d'équipe : les fondamentaux",
    description: "Brouillon en cours de rédaction : poser les bases d'un management serein et efficace.",
    status: "DRAFT",
    price: 120000,
    duration: 21,
    format: "PRESENTIAL",
    level: "INTERMEDIATE",
    tags: ["management"],
    qualiopi: null,
    modules: [{ title: "Le rôle du manager", lessons: [{ title: "Les styles de management", content: md("Styles de management", "Il n'existe pas de style unique. Le manager s'adapte à la situation.") }] }],
  },
  {
    slug: "bureautique-2019",
    title: "Bureautique — version 2019",
    description: "Ancienne version du parcours bureautique, remplacée par les modules Excel.",
    status: "ARCHIVED",
    price: 30000,
    duration: 14,
    format: "ELEARNING",
    level: "BEGINNER",
    tags: ["bureautique"],
    qualiopi: QUALIOPI_OFFICE,
    modules: [{ title: "Prise en main", lessons: [{ title: "L'interface", content: md("L'interface", "Le ruban regroupe les commandes. La barre d'état informe.") }] }],
  },
];

type SeededCourse = { id: string; lessonIds: string[]; moduleIds: string[]; quizzes: { lessonId: string; questionnaireId: string; questions: { id: string; correct: string[] }[] }[] };

const day = 86_400_000;

async function seedCourse(db: DbOrTx, scope: TenantScope, creatorId: string, tenantSlug: string, c: CourseSeed, now: Date): Promise<SeededCourse | null> {
  const [existing] = await db.select({ id: courses.id }).from(courses).where(scope.where(courses, eq(courses.slug, c.slug))).limit(1);
  let courseId = existing?.id;
  const qualiopi = c.qualiopi ? { ...QUALIOPI_COMMON, ...c.qualiopi, disabilityReferentContact: QUALIOPI_COMMON.disabilityReferentContact.replace("acme", tenantSlug) } : {};
  const publishedAt = c.status === "DRAFT" ? null : new Date(now.getTime() - 60 * day);
  if (courseId) {
    const [hasModules] = await db.select({ id: modules.id }).from(modules).where(scope.where(modules, eq(modules.courseId, courseId))).limit(1);
    if (hasModules) return null;
    await db
      .update(courses)
      .set({ description: c.description, status: c.status, price: c.price, duration: c.duration, format: c.format, level: c.level, tags: c.tags, ...qualiopi, publishedAt })
      .where(scope.where(courses, eq(courses.id, courseId)));
  } else {
    courseId = newId("crs");
    await db.insert(courses).values(
      scope.values(courses, {
        id: courseId,
        creatorId,
        slug: c.slug,
        title: c.title,
        description: c.description,
        status: c.status,
        price: c.price,
        duration: c.duration,
        format: c.format,
        level: c.level,
        tags: c.tags,
        ...qualiopi,
        publishedAt,
        archivedAt: c.status === "ARCHIVED" ? new Date(now.getTime() - 10 * day) : null,
        createdAt: new Date(now.getTime() - 90 * day),
      }),
    );
  }
  const seeded: SeededCourse = { id: courseId, lessonIds: [], moduleIds: [], quizzes: [] };
  for (const [mi, m] of c.modules.entries()) {
    const moduleId = newId("mod");
    seeded.moduleIds.push(moduleId);
    await db.insert(modules).values(scope.values(modules, { id: moduleId, courseId, title: m.title, position: mi }));
    for (const [li, l] of m.lessons.entries()) {
      const lessonId = newId("les");
      let questionnaireId: string | null = null;
      if (l.quiz) {
        questionnaireId = newId("qst");
        await db.insert(questionnaires).values(scope.values(questionnaires, { id: questionnaireId, courseId, kind: "QUIZ" as const, title: l.quiz.title, passMark: l.quiz.passMark }));
        const qs: { id: string; correct: string[] }[] = [];
        for (const [qi, q] of l.quiz.questions.entries()) {
          const choices: Choice[] = q.choices.map(([label, correct], ci) => ({ id: `c${ci + 1}`, label, correct }));
          const id = newId("qqn");
          qs.push({ id, correct: choices.filter((ch) => ch.correct).map((ch) => ch.id) });
          await db.insert(questions).values(scope.values(questions, { id, questionnaireId, kind: q.kind, prompt: q.prompt, choices, explanation: q.explanation, position: qi }));
        }
        seeded.quizzes.push({ lessonId, questionnaireId, questions: qs });
      }
      let mediaId: string | null = null;
      if (l.document) {
        mediaId = newId("med");
        const data = textPdf(l.document.lines);
        const storageKey = `${scope.tenantId}/${mediaId}`;
        await mediaStorage().put(storageKey, data);
        await db.insert(media).values(scope.values(media, { id: mediaId, kind: "DOCUMENT" as const, fileName: l.document.fileName, mimeType: "application/pdf", sizeBytes: data.length, storageKey, uploadedBy: creatorId }));
      }
      await db.insert(lessons).values(
        scope.values(lessons, { id: lessonId, courseId, moduleId, title: l.title, kind: l.kind ?? "TEXT", content: l.content ?? "", mediaId, questionnaireId, durationMinutes: l.minutes ?? null, position: li }),
      );
      seeded.lessonIds.push(lessonId);
    }
  }
  return seeded;
}

async function enroll(
  db: DbOrTx,
  scope: TenantScope,
  p: { course: SeededCourse; userId: string; by: string; status: "ACTIVE" | "COMPLETED" | "CANCELLED"; completed: number; enrolledDaysAgo: number; quizPassed?: boolean },
  now: Date,
): Promise<void> {
  const [exists] = await db.select({ id: enrollments.id }).from(enrollments).where(scope.where(enrollments, and(eq(enrollments.courseId, p.course.id), eq(enrollments.userId, p.userId)))).limit(1);
  if (exists) return;
  const enrollmentId = newId("enr");
  const enrolledAt = new Date(now.getTime() - p.enrolledDaysAgo * day);
  const at = (i: number) => new Date(enrolledAt.getTime() + (i + 1) * (day / 2));
  const lastActivityAt = p.completed > 0 ? at(p.completed - 1) : null;
  await db.insert(enrollments).values(
    scope.values(enrollments, {
      id: enrollmentId,
      courseId: p.course.id,
      userId: p.userId,
      status: p.status,
      paymentMethod: "FREE" as const,
      traineeCategory: "SAL" as const,
      financingSource: "OPCO" as const,
      enrolledBy: p.by,
      enrolledAt,
      completedAt: p.status === "COMPLETED" ? lastActivityAt : null,
      cancelledAt: p.status === "CANCELLED" ? new Date(now.getTime() - day) : null,
      lastActivityAt,
    }),
  );
  const log = (action: string, createdAt: Date, extra: { lessonId?: string; metadata?: Record<string, unknown> } = {}) =>
    db.insert(activityLogs).values(scope.values(activityLogs, { id: newId("act"), userId: p.userId, action, courseId: p.course.id, enrollmentId, lessonId: extra.lessonId ?? null, metadata: extra.metadata ?? {}, createdAt }));
  await log("enrollment.created", enrolledAt);
  for (const [i, lessonId] of p.course.lessonIds.slice(0, p.completed).entries()) {
    await db.insert(lessonProgress).values(scope.values(lessonProgress, { id: newId("prg"), enrollmentId, lessonId, status: "COMPLETED" as const, timeSpentSeconds: 600 + i * 60, startedAt: at(i), completedAt: at(i), updatedAt: at(i) }));
    const quiz = p.course.quizzes.find((q) => q.lessonId === lessonId);
    if (quiz) {
      const answers = quiz.questions.map((q) => ({ questionId: q.id, choiceIds: q.correct, correct: true, points: 1 }));
      await db.insert(quizAttempts).values(
        scope.values(quizAttempts, { id: newId("qat"), enrollmentId, lessonId, questionnaireId: quiz.questionnaireId, answers, score: answers.length, maxScore: answers.length, percentage: 100, passed: true, createdAt: at(i) }),
      );
      await log("quiz.submitted", at(i), { lessonId, metadata: { percentage: 100, passed: true } });
    }
    await log("lesson.completed", at(i), { lessonId });
  }
  const next = p.course.lessonIds[p.completed];
  if (p.status === "ACTIVE" && next && p.completed > 0) {
    await db.insert(lessonProgress).values(scope.values(lessonProgress, { id: newId("prg"), enrollmentId, lessonId: next, status: "IN_PROGRESS" as const, timeSpentSeconds: 120, startedAt: now, updatedAt: now }));
    await log("lesson.started", now, { lessonId: next });
  }
  if (p.status === "COMPLETED") await log("enrollment.completed", lastActivityAt ?? now);
  if (p.status === "CANCELLED") await log("enrollment.cancelled", new Date(now.getTime() - day));
}

export async function seedCatalogue(db: DbOrTx, tenantId: string, tenantSlug: string, people: People, now = clock.now()): Promise<void> {
  const scope = forTenant(tenantId);
  const seeded: Record<string, SeededCourse> = {};
  for (const c of CATALOGUE) {
    const s = await seedCourse(db, scope, people.creator, tenantSlug, c, now);
    if (s) seeded[c.slug] = s;
  }
  const sst = seeded["sauveteur-secouriste-du-travail"];
  const excel = seeded["excel-tableaux-croises-dynamiques"];
  if (sst) {
    await db.insert(courseTrainers).values(scope.values(courseTrainers, { id: newId("ctr"), courseId: sst.id, userId: people.trainer, role: "PRIMARY" as const })).onConflictDoNothing();
    await db.insert(courseTrainers).values(scope.values(courseTrainers, { id: newId("ctr"), courseId: sst.id, userId: people.creator, role: "SECONDARY" as const })).onConflictDoNothing();
    await db.insert(trainerCompetencies).values(
      scope.valuesMany(trainerCompetencies, [
        { id: newId("cpt"), userId: people.trainer, domain: "Secourisme du travail (SST)", evidence: "Certificat de formateur SST INRS n° F-2024-0042", validUntil: "2027-06-30" },
        { id: newId("cpt"), userId: people.trainer, domain: "Prévention des risques professionnels", evidence: "Master Hygiène Sécurité Environnement", validUntil: null },
      ]),
    );
    await enroll(db, scope, { course: sst, userId: people.learner, by: people.admin, status: "ACTIVE", completed: 3, enrolledDaysAgo: 12 }, now);
    await enroll(db, scope, { course: sst, userId: people.learner2, by: people.creator, status: "ACTIVE", completed: 0, enrolledDaysAgo: 3 }, now);
    if (people.learner3) await enroll(db, scope, { course: sst, userId: people.learner3, by: people.admin, status: "ACTIVE", completed: 1, enrolledDaysAgo: 10 }, now);
  }
  if (excel) {
    await enroll(db, scope, { course: excel, userId: people.learner, by: people.admin, status: "COMPLETED", completed: excel.lessonIds.length, enrolledDaysAgo: 30 }, now);
    await enroll(db, scope, { course: excel, userId: people.learner2, by: people.admin, status: "CANCELLED", completed: 1, enrolledDaysAgo: 20 }, now);
  }
}
