import { readFile } from "node:fs/promises";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { screenshot, signIn } from "./fixtures/app";

/**
 * Acceptance of the course builder: a creator builds "Parcours e2e — Prévention des risques"
 * (two modules, two TEXT lessons and a QUIZ lesson with two questions), tries to publish and
 * sees the Qualiopi blockers, fills the Qualiopi fields and publishes. e2e/learning-flow.spec.ts
 * runs next and enrolls learner@acme.test in this very course (found by its title).
 */
const COURSE = "Parcours e2e — Prévention des risques";
/** A 1x1 PNG, uploaded as the banner. */
const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

test.describe.configure({ mode: "serial" });

/** The lesson editor dialog of `lesson`, opened from the outline. */
async function openLesson(page: Page, lesson: string): Promise<Locator> {
  await page.getByRole("button", { name: `Modifier « ${lesson} »` }).click();
  const dialog = page.getByRole("dialog", { name: `Modifier la leçon — ${lesson}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function addLesson(page: Page, module: string, title: string, kind: "TEXT" | "QUIZ"): Promise<void> {
  const form = page.getByRole("form", { name: `Ajouter une leçon — ${module}` });
  await form.getByLabel("Titre de la leçon").fill(title);
  await form.getByLabel("Type").selectOption(kind);
  if (kind === "QUIZ") await expect(form.getByLabel("Questionnaire")).toHaveValue("__new__");
  await form.getByRole("button", { name: "Ajouter une leçon" }).click();
  await expect(page.getByRole("list", { name: module }).getByRole("listitem").filter({ hasText: title })).toBeVisible();
}

async function writeText(page: Page, lesson: string, markdown: string, heading: string): Promise<void> {
  const dialog = await openLesson(page, lesson);
  await dialog.getByLabel("Durée (minutes)").fill("10");
  await dialog.getByRole("textbox", { name: "Contenu" }).fill(markdown);
  await dialog.getByRole("button", { name: "Aperçu" }).click();
  // The preview renders the markdown (and would show raw HTML as text, never interpret it).
  await expect(dialog.getByRole("heading", { name: heading })).toBeVisible();
  await dialog.getByRole("button", { name: "Enregistrer la leçon" }).click();
  await expect(dialog.getByRole("status").filter({ hasText: "Leçon enregistrée." })).toBeVisible();
  await dialog.getByRole("button", { name: "Fermer" }).first().click();
  await expect(dialog).toBeHidden();
}

test("a creator builds a course, sees the Qualiopi blockers, fixes them and publishes", async ({ page }) => {
  // The whole journey (nine steps, each with its screen) runs past the default minute on a busy CI machine.
  test.setTimeout(180_000);
  await signIn(page, "creator@acme.test");
  // A creator's home is their course list.
  await expect(page.getByRole("heading", { level: 1, name: "Mes formations" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Management d'équipe" })).toContainText("Brouillon");

  // 1. Create the course with its details (price in euros, sent in cents).
  await page.getByRole("link", { name: "Nouvelle formation" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nouvelle formation" })).toBeVisible();
  await page.getByLabel("Titre").fill(COURSE);
  await page.getByRole("textbox", { name: "Description" }).fill("Les bases de la **prévention des risques** professionnels : repérer les dangers, se protéger, alerter.");
  await page.getByLabel("Prix (€)").fill("149,90");
  await page.getByLabel("Durée (heures)").fill("2");
  await page.getByLabel("Niveau").selectOption("BEGINNER");
  await page.getByLabel("Mots-clés").fill("prévention, sécurité, EPI");
  await page.getByRole("button", { name: "Créer la formation" }).click();

  await expect(page.getByRole("heading", { level: 1, name: COURSE })).toBeVisible();
  await expect(page.getByText("Brouillon", { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel("Prix (€)")).toHaveValue("149,90");
  const checklist = page.getByRole("complementary", { name: "Prête à publier ?" });
  await expect(checklist.getByText(/Conformité\s:\s\d+\s%/)).toBeVisible();

  // 2. Two modules.
  await page.getByRole("tab", { name: /Contenu/ }).click();
  for (const module of ["Module 1 — Bases", "Module 2 — Évaluation"]) {
    await page.getByLabel("Titre du nouveau module").fill(module);
    await page.getByRole("button", { name: "Ajouter un module" }).click();
    await expect(page.getByRole("heading", { level: 3, name: module })).toBeVisible();
  }

  // 3. Three lessons: two TEXT in module 1, the final QUIZ in module 2 (with a new questionnaire).
  await addLesson(page, "Module 1 — Bases", "Leçon 1 — Introduction", "TEXT");
  await addLesson(page, "Module 1 — Bases", "Leçon 2 — Les risques", "TEXT");
  await addLesson(page, "Module 2 — Évaluation", "Quiz final", "QUIZ");

  // The AI writes the two empty TEXT lessons in the background; the panel follows the job to its end.
  await page.getByRole("tab", { name: /Assistant IA/ }).click();
  const allCard = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Générer tout le contenu" }) });
  await allCard.getByRole("button", { name: "Lancer", exact: true }).click();
  await page.getByRole("button", { name: "Lancer (40 crédits)" }).click();
  await expect(allCard.getByRole("status").filter({ hasText: "Terminé : 2 / 2 leçons rédigées." })).toBeVisible({ timeout: 30_000 });
  await screenshot(page, "course-builder-ai-progress");
  await page.getByRole("tab", { name: /Contenu/ }).click();

  // Keyboard reordering: move lesson 1 down, then back up.
  const lessons = page.getByRole("list", { name: "Module 1 — Bases" }).getByRole("listitem");
  await page.getByRole("button", { name: "Descendre « Leçon 1 — Introduction »" }).click();
  await expect(lessons.first()).toContainText("Leçon 2 — Les risques");
  await page.getByRole("button", { name: "Monter « Leçon 1 — Introduction »" }).click();
  await expect(lessons.first()).toContainText("Leçon 1 — Introduction");
  await expect(page.getByRole("status").filter({ hasText: "« Leçon 1 — Introduction » déplacé en position 1." })).toBeAttached();
  // Drag and drop: lesson 2 dropped on lesson 1 takes its place; the Move up button puts lesson 1 back.
  await dragAndDrop(page, lessons.filter({ hasText: "Leçon 2 — Les risques" }), lessons.filter({ hasText: "Leçon 1 — Introduction" }));
  await expect(lessons.first()).toContainText("Leçon 2 — Les risques");
  await page.getByRole("button", { name: "Monter « Leçon 1 — Introduction »" }).click();
  await expect(lessons.first()).toContainText("Leçon 1 — Introduction");

  // 4. Markdown content for the two TEXT lessons, checked in the preview.
  await writeText(page, "Leçon 1 — Introduction", "## Pourquoi prévenir ?\n\nLa prévention protège **chaque salarié**.\n\n- Repérer les dangers\n- Se protéger", "Pourquoi prévenir ?");
  await writeText(page, "Leçon 2 — Les risques", "## Les principaux risques\n\n1. Chutes\n2. Risque électrique\n3. Produits chimiques", "Les principaux risques");

  // 5. The quiz: a true/false question and a single-choice question.
  const quiz = await openLesson(page, "Quiz final");
  await quiz.getByRole("button", { name: "Ajouter une question" }).click();
  await quiz.getByRole("button", { name: "Ajouter une question" }).click();
  const q1 = quiz.getByRole("group", { name: "Question 1" });
  await q1.getByLabel("Type de question").selectOption("TRUE_FALSE");
  await q1.getByLabel("Intitulé").fill("Le port des EPI est-il obligatoire ?");
  await q1.getByRole("radio", { name: "Vrai" }).check();
  await q1.getByLabel("Explication").fill("Les équipements de protection individuelle sont obligatoires quand le risque l'exige.");
  const q2 = quiz.getByRole("group", { name: "Question 2" });
  await q2.getByLabel("Intitulé").fill("Quel numéro appeler en cas d'urgence ?");
  await q2.getByRole("textbox", { name: "Réponse 1" }).fill("112");
  await q2.getByRole("textbox", { name: "Réponse 2" }).fill("118 218");
  await q2.getByRole("radio", { name: "Bonne réponse — Réponse 1" }).check();
  await q2.getByLabel("Explication").fill("Le 112 est le numéro d'urgence européen.");
  await page.screenshot({ path: "e2e/artifacts/course-builder-quiz-editor.png" });
  await quiz.getByRole("button", { name: "Enregistrer la leçon" }).click();
  await expect(quiz.getByRole("status").filter({ hasText: "Leçon enregistrée." })).toBeVisible();
  await quiz.getByRole("button", { name: "Fermer" }).first().click();
  await expect(quiz).toBeHidden();
  await page.getByRole("tab", { name: /Questionnaires/ }).click();
  await expect(page.getByRole("tabpanel", { name: /Questionnaires/ }).getByRole("listitem").filter({ hasText: "Quiz final" })).toContainText("2 questions");
  await page.getByRole("tab", { name: /Contenu/ }).click();
  await screenshot(page, "course-builder-desktop");

  // 6. Publishing now fails: the 422 blockers are listed, the checklist shows them with their indicator.
  await page.getByRole("button", { name: "Publier", exact: true }).click();
  const failure = page.getByRole("alert").filter({ hasText: "Publication impossible" });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText("Objectifs pédagogiques : à renseigner");
  await expect(failure).toContainText("Contact du référent handicap : à renseigner");
  await expect(checklist.getByText("Indicateur 5").first()).toBeVisible();
  await expect(checklist.getByRole("listitem").filter({ hasText: "Public visé : à renseigner" })).toBeVisible();
  await screenshot(page, "course-builder-blockers");

  // 7. Fix the Qualiopi fields (the checklist's "Complete" link opens the right tab and field).
  await checklist.getByRole("button", { name: "Compléter : Objectifs pédagogiques : à renseigner" }).click();
  await expect(page.getByRole("tab", { name: /Qualiopi/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel(/Objectifs pédagogiques/)).toBeFocused();
  await page.getByLabel(/Objectifs pédagogiques/).fill("Identifier les risques de son poste de travail et savoir alerter les secours.");
  await page.getByLabel(/Prérequis/).fill("Aucun prérequis.");
  await page.getByLabel(/Public visé/).fill("Tout salarié, quel que soit son poste.");
  await page.getByLabel(/Méthodes pédagogiques/).fill("Leçons en ligne illustrées et quiz d'auto-évaluation.");
  await page.getByLabel(/Modalités d'évaluation/).fill("Quiz final noté, seuil de réussite 50 %.");
  await page.getByLabel(/Accessibilité aux personnes en situation de handicap/).fill("Contenus lisibles au lecteur d'écran ; adaptations sur demande.");
  await page.getByLabel(/Contact du référent handicap/).fill("Marie Martin — referent.handicap@acme.test");
  await page.getByLabel("Numéro de déclaration d'activité").fill("11755555575");
  await page.getByRole("button", { name: "Enregistrer les exigences Qualiopi" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Exigences Qualiopi enregistrées." })).toBeVisible();
  await expect(checklist.getByText("Tous les points obligatoires sont remplis")).toBeVisible();

  // 8. Publish.
  await page.getByRole("button", { name: "Publier", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "La formation est publiée." })).toBeVisible();
  await expect(page.locator("header", { has: page.getByRole("heading", { level: 1 }) }).getByText("Publiée", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Repasser en brouillon" })).toBeVisible();
  await screenshot(page, "course-builder-published");

  // 9. The other tabs: banner upload, trainer assignment, enrollments with the CSV export, AI helpers.
  await page.getByRole("tab", { name: "Informations" }).click();
  await page.getByLabel("Choisir une image").setInputFiles({ name: "banniere.png", mimeType: "image/png", buffer: Buffer.from(PNG_1PX, "base64") });
  await expect(page.getByRole("status").filter({ hasText: "Bannière mise à jour." })).toBeVisible();
  await expect(page.getByRole("img", { name: "Bannière actuelle de la formation" })).toBeVisible();

  await page.getByRole("tab", { name: "Formateurs" }).click();
  await expect(page.getByText("Aucun formateur n'est affecté à cette formation.")).toBeVisible();
  await page.getByLabel("Membre").selectOption({ label: "Thomas Bernard — Formateur" });
  await page.getByRole("button", { name: "Ajouter", exact: true }).click();
  await page.getByRole("button", { name: "Enregistrer les formateurs" }).click();
  await expect(page.getByText("Formateurs enregistrés.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Retirer Thomas Bernard" })).toBeVisible();

  await page.getByRole("tab", { name: "Inscriptions" }).click();
  await expect(page.getByText("Aucun apprenant n'est inscrit à cette formation.")).toBeVisible();
  // The export is a plain link: the browser downloads it with the session cookie.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exporter la progression (CSV)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  // French Excel's CSV: a byte order mark, ';' and French headers.
  expect(csv.startsWith("\uFEFFInscription;Apprenant;")).toBe(true);

  await page.getByRole("tab", { name: "Assistant IA" }).click();
  await expect(page.getByText(/Solde\s:\s\d+ crédit/)).toBeVisible();
  const faq = page.getByRole("article", { name: "Générer la FAQ" });
  await expect(faq.getByText("10 crédits")).toBeVisible();
  await faq.getByRole("button", { name: "Lancer" }).click();
  const confirmAi = page.getByRole("dialog", { name: "Lancer « Générer la FAQ » ?" });
  await expect(confirmAi).toContainText("Cette opération coûte 10 crédits.");
  await confirmAi.getByRole("button", { name: "Lancer (10 crédits)" }).click();
  await expect(faq.getByRole("status").filter({ hasText: /FAQ générée \(\d+ questions\)/ })).toBeVisible();
  await screenshot(page, "course-builder-ai");

  // The list shows it published.
  await page.getByRole("link", { name: "Mes formations" }).first().click();
  await expect(page.getByRole("row").filter({ hasText: COURSE })).toContainText("Publiée");
  await screenshot(page, "course-list-creator");
});

test("an admin lists the tenant's courses by status", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Formations" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Formations" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: COURSE })).toContainText("Publiée");
  await page.getByLabel("Statut").selectOption("DRAFT");
  await expect(page).toHaveURL(/status=DRAFT/);
  await expect(page.getByRole("row").filter({ hasText: "Management d'équipe" })).toContainText("Brouillon");
  await expect(page.getByRole("row").filter({ hasText: COURSE })).toHaveCount(0);
  await screenshot(page, "course-list-admin");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test("the builder works on a phone", async ({ page }) => {
    await signIn(page, "creator@acme.test");
    await expect(page.getByRole("heading", { level: 1, name: "Mes formations" })).toBeVisible();
    await page.getByRole("link", { name: COURSE }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: COURSE })).toBeVisible();
    await page.getByRole("tab", { name: /Contenu/ }).click();
    await expect(page.getByRole("heading", { level: 3, name: "Module 2 — Évaluation" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "course-builder-phone");
    const dialog = await openLesson(page, "Leçon 1 — Introduction");
    await expect(dialog.getByRole("textbox", { name: "Contenu" })).toBeVisible();
    // The dialog fills the screen: a viewport capture, not a full-page one.
    await page.screenshot({ path: "e2e/artifacts/course-builder-lesson-phone.png" });
  });
});

/**
 * HTML5 drag and drop through the DOM events the builder listens to, with one shared
 * DataTransfer: deterministic, unlike a simulated mouse drag on a loaded machine.
 */
async function dragAndDrop(page: Page, source: Locator, target: Locator): Promise<void> {
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  await source.dispatchEvent("dragstart", { dataTransfer });
  await target.dispatchEvent("dragenter", { dataTransfer });
  await target.dispatchEvent("dragover", { dataTransfer });
  await target.dispatchEvent("drop", { dataTransfer });
  await source.dispatchEvent("dragend", { dataTransfer });
}
