import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiToken } from "./fixtures/api";
import { expectNoHorizontalScroll, screenshot, signIn } from "./fixtures/app";
import { ROOT_URL } from "./fixtures/urls";

/**
 * Acceptance of the learning flow: an admin enrolls learner@acme.test in the course published
 * by e2e/course-builder.spec.ts (created here through the REST API when that spec did not run),
 * imports a CSV, edits and cancels enrollments and reads the activity log; then the learner, on
 * a phone, completes the two lessons and the quiz and reaches 100 %.
 */
const COURSE = "Parcours e2e — Prévention des risques";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

test.describe.configure({ mode: "serial" });

/** The course as the public catalogue lists it (PUBLISHED), if any. */
async function findCourse(request: APIRequestContext): Promise<{ id: string; slug: string } | null> {
  const res = await request.get(`${ROOT_URL}/api/v1/courses`, { headers: { "X-Tenant-ID": "acme" }, params: { search: "Parcours e2e", limit: 100 } });
  expect(res.status()).toBe(200);
  const list = ((await res.json()) as { data: { id: string; slug: string; title: string }[] }).data;
  return list.find((c) => c.title === COURSE) ?? null;
}

/** Same course as the creator's spec builds, in one bulk call, published at once. */
async function createCourse(request: APIRequestContext): Promise<void> {
  const token = await apiToken(request, "acme", "creator@acme.test");
  const text = (title: string) => `## ${title}\n\nContenu de la leçon **${title}**.\n\n- Repérer les dangers\n- Se protéger`;
  const res = await request.post(`${ROOT_URL}/api/v1/courses/bulk`, {
    headers: { "X-Tenant-ID": "acme", Authorization: `Bearer ${token}` },
    data: {
      title: COURSE,
      description: "Les bases de la prévention des risques professionnels, de l'identification des dangers à l'alerte.",
      price: 0,
      currency: "EUR",
      duration: 2,
      format: "ELEARNING",
      level: "BEGINNER",
      pedagogicalObjectives: "Identifier les risques du poste de travail et savoir alerter les secours.",
      prerequisites: "Aucun prérequis.",
      targetAudience: "Tout salarié.",
      teachingMethods: "Leçons en ligne et quiz.",
      evaluationMethods: "Quiz final noté.",
      accessibilityInfo: "Contenus lisibles au lecteur d'écran ; sous-titres disponibles.",
      disabilityReferentContact: "referent.handicap@acme.test",
      activityNumber: "11755555575",
      modules: [
        {
          title: "Module 1 — Bases",
          lessons: [
            { title: "Leçon 1 — Introduction", kind: "TEXT", content: text("Introduction"), durationMinutes: 10 },
            { title: "Leçon 2 — Les risques", kind: "TEXT", content: text("Les risques"), durationMinutes: 15 },
          ],
        },
        { title: "Module 2 — Évaluation", lessons: [{ title: "Quiz final", kind: "QUIZ", questionnaireIndex: 0, durationMinutes: 10 }] },
      ],
      questionnaires: [
        {
          title: "Quiz final",
          kind: "QUIZ",
          passMark: 50,
          questions: [
            {
              kind: "TRUE_FALSE",
              prompt: "Le port des EPI est-il obligatoire ?",
              choices: [
                { label: "Vrai", correct: true },
                { label: "Faux", correct: false },
              ],
              explanation: "Les équipements de protection individuelle sont obligatoires quand le risque l'exige.",
            },
            {
              kind: "SINGLE_CHOICE",
              prompt: "Quel numéro appeler en cas d'urgence ?",
              choices: [
                { label: "112", correct: true },
                { label: "118 218", correct: false },
              ],
              explanation: "Le 112 est le numéro d'urgence européen.",
            },
          ],
        },
      ],
      publish: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.beforeAll(async ({ request }) => {
  if (!(await findCourse(request))) await createCourse(request);
});

async function openAdminSection(page: Page, name: string) {
  await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

test.describe("admin", () => {
  test("enrolls the learner, imports a CSV, edits and cancels enrollments, reads the activity log", async ({ page }) => {
    await signIn(page, "admin@acme.test");
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
    await openAdminSection(page, "Inscriptions");
    await expect(page.getByRole("row").filter({ hasText: "learner@acme.test" }).first()).toBeVisible();

    // Single enrollment.
    await page.getByRole("button", { name: "Inscrire un apprenant" }).click();
    const dialog = page.getByRole("dialog", { name: "Inscrire un apprenant" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Formation").selectOption({ label: COURSE });
    await dialog.getByRole("searchbox", { name: "Rechercher un membre" }).fill("learner@acme.test");
    const learnerSelect = dialog.getByLabel("Apprenant", { exact: true });
    await expect(learnerSelect.locator("option", { hasText: "learner@acme.test" })).toHaveCount(1);
    await expect(learnerSelect).not.toHaveValue("");
    await dialog.getByLabel("Catégorie de stagiaire").selectOption("SAL");
    await dialog.getByLabel("Source de financement").selectOption("OPCO");
    await screenshot(page, "admin-enroll");
    await dialog.getByRole("button", { name: "Inscrire", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: `à « ${COURSE} » enregistrée` })).toBeVisible();

    // Chosen again until the filter reaches the URL: a choice made before the page hydrated is lost.
    await expect(async () => {
      await page.getByLabel("Formation", { exact: true }).selectOption({ label: COURSE });
      await expect(page).toHaveURL(/courseId=/, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const learnerRow = page.getByRole("row").filter({ hasText: "learner@acme.test" }).filter({ hasText: COURSE });
    await expect(learnerRow).toHaveCount(1);
    await expect(learnerRow).toContainText("En cours");
    await expect(learnerRow.getByRole("combobox").first()).toHaveValue("SAL");
    await screenshot(page, "admin-enrollments");

    // CSV import: one already enrolled, one new, one unknown, one invalid line.
    await page.getByRole("link", { name: "Importer un CSV" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Importer des inscriptions" })).toBeVisible();
    await page.getByLabel("Formation", { exact: true }).selectOption({ label: COURSE });
    await page
      .getByLabel("Contenu CSV")
      .fill(["email;traineeCategory;financingSource", "learner@acme.test;SAL;OPCO", "learner2@acme.test;DE;CPF", "inconnu@acme.test;;", "pas-une-adresse;SAL;"].join("\n"));
    await expect(page.getByText("4 lignes détectées")).toBeVisible();
    await page.getByRole("button", { name: "Inscrire les 4 lignes" }).click();
    await expect(page.getByText("Import terminé : 1 inscription faite, 1 déjà existante, 1 personne inconnue, 1 erreur.")).toBeVisible();
    const report = page.getByRole("table", { name: "Résultat ligne par ligne" });
    await expect(report.getByRole("row").filter({ hasText: "learner@acme.test" })).toContainText("Déjà inscrit");
    await expect(report.getByRole("row").filter({ hasText: "learner2@acme.test" })).toContainText("Inscrit");
    await expect(report.getByRole("row").filter({ hasText: "inconnu@acme.test" })).toContainText("Utilisateur inconnu");
    await expect(report.getByRole("row").filter({ hasText: "pas-une-adresse" })).toContainText("Adresse e-mail invalide");
    await screenshot(page, "admin-csv-report");

    // Financing source, then cancellation of learner2's new enrollment (confirmed).
    await page.getByRole("link", { name: "Retour aux inscriptions" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Inscriptions" })).toBeVisible();
    // Chosen again until the filter reaches the URL: a choice made before the page hydrated is lost.
    await expect(async () => {
      await page.getByLabel("Formation", { exact: true }).selectOption({ label: COURSE });
      await expect(page).toHaveURL(/courseId=/, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const learner2Row = page.getByRole("row").filter({ hasText: "learner2@acme.test" }).filter({ hasText: COURSE });
    await expect(learner2Row).toContainText("En cours");
    await learner2Row.getByRole("combobox", { name: /Source de financement/ }).selectOption("EMPLOYER");
    await expect(page.getByRole("status").filter({ hasText: "mise à jour" })).toBeVisible();
    await expect(learner2Row.getByRole("combobox", { name: /Source de financement/ })).toHaveValue("EMPLOYER");
    await learner2Row.getByRole("button", { name: /Désinscrire/ }).click();
    const confirm = page.getByRole("dialog", { name: "Annuler l'inscription" });
    await expect(confirm).toContainText(COURSE);
    await confirm.getByRole("button", { name: "Annuler l'inscription" }).click();
    await expect(page.getByRole("status").filter({ hasText: "est annulée" })).toBeVisible();
    await expect(learner2Row).toContainText("Annulée");

    // Activity log, filtered on enrollments.
    await openAdminSection(page, "Journal d'activité");
    await page.getByLabel("Action", { exact: true }).selectOption("enrollment.created");
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(/action=enrollment\.created/);
    const entries = page.getByRole("table", { name: "Entrées du journal d'activité" }).getByRole("row").filter({ hasText: COURSE });
    await expect(entries.first()).toBeVisible();
    await expect(entries.first()).toContainText("Inscription");
    await screenshot(page, "activity-log");

    // Both admin screens fit a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page);
    await screenshot(page, "activity-log-phone");
    await page.goto("/enrollments");
    await expect(page.getByRole("row").filter({ hasText: "learner@acme.test" }).first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await screenshot(page, "admin-enrollments-phone");
  });
});

test.describe("learner on a phone", () => {
  test.use(PHONE);

  test("finds the course, completes both lessons and the quiz, and reaches 100 %", async ({ page }) => {
    await signIn(page, "learner@acme.test");
    await expect(page.getByRole("heading", { level: 1, name: "Mes formations" })).toBeVisible();
    const card = page.getByRole("article").filter({ hasText: COURSE });
    await expect(card).toBeVisible();
    await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
    await expect(page.getByRole("article").filter({ hasText: "Sauveteur Secouriste du Travail" })).toBeVisible();
    await screenshot(page, "my-courses-phone");

    // The catalogue, searched.
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Catalogue" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Catalogue" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Rechercher une formation" }).fill("Parcours e2e");
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(/search=Parcours/);
    await expect(page.getByRole("link", { name: COURSE })).toBeVisible();
    await expect(page.getByText("Sauveteur Secouriste du Travail")).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await screenshot(page, "catalogue-phone");

    // The course page leads to the enrollment.
    await page.getByRole("link", { name: COURSE }).click();
    await expect(page.getByRole("heading", { level: 1, name: COURSE })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Programme" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Module 1 — Bases/ })).toBeVisible();
    await screenshot(page, "course-page-phone");
    await page.getByRole("link", { name: "Accéder à la formation" }).click();
    await expect(page.getByRole("heading", { level: 1, name: COURSE })).toBeVisible();
    await page.getByRole("link", { name: "Commencer la formation" }).click();

    // Lesson 1: the outline opens as a panel on the phone.
    await expect(page.getByRole("heading", { level: 1, name: "Leçon 1 — Introduction" })).toBeVisible();
    const outline = page.getByRole("navigation", { name: "Sommaire" });
    await expect(outline).toBeHidden();
    await page.getByRole("button", { name: "Afficher le sommaire" }).click();
    await expect(outline.getByRole("link", { name: /Quiz final/ })).toBeVisible();
    await screenshot(page, "lesson-outline-phone");
    await page.getByRole("button", { name: "Masquer le sommaire" }).click();
    await expectNoHorizontalScroll(page);
    await screenshot(page, "lesson-player-phone");
    await page.getByRole("button", { name: "Marquer comme terminée" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Leçon « Leçon 1 — Introduction » terminée." })).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "33");

    // Lesson 2.
    await page.getByRole("link", { name: /Leçon suivante/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Leçon 2 — Les risques" })).toBeVisible();
    await page.getByRole("button", { name: "Marquer comme terminée" }).click();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "66");

    // The quiz, answered correctly.
    await page.getByRole("link", { name: /Leçon suivante/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Quiz final" })).toBeVisible();
    await page.getByRole("group", { name: /Le port des EPI est-il obligatoire/ }).getByText("Vrai", { exact: true }).click();
    await page.getByRole("group", { name: /Quel numéro appeler en cas d'urgence/ }).getByText("112", { exact: true }).click();
    await page.getByRole("button", { name: "Valider mes réponses" }).click();

    await expect(page.getByRole("heading", { name: "Quiz réussi" })).toBeVisible();
    await expect(page.getByText(/Résultat\s:\s(\d+) \/ \1 \(100\s%\)/)).toBeVisible();
    const correction = page.getByRole("region", { name: "Quiz réussi" }).getByRole("listitem");
    const correctChoice = (question: string) => correction.filter({ hasText: question }).getByRole("listitem").filter({ hasText: "Bonne réponse" });
    await expect(correctChoice("Le port des EPI")).toContainText("Vrai");
    await expect(correctChoice("Quel numéro appeler")).toContainText("112");
    await expectNoHorizontalScroll(page);
    await screenshot(page, "quiz-feedback-phone");

    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    await expect(page.getByText(`Bravo, vous avez terminé la formation « ${COURSE} » !`)).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: "e2e/artifacts/completion-100-phone.png" });

    // Back home: the course is listed as completed at 100 %.
    await page.getByRole("link", { name: "Mes formations" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Mes formations" })).toBeVisible();
    const done = page.getByRole("region", { name: "Terminées" }).getByRole("article").filter({ hasText: COURSE });
    await expect(done.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    await screenshot(page, "my-courses-done-phone");
  });
});

