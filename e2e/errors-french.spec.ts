import { expect, test } from "@playwright/test";
import { apiToken } from "./fixtures/api";
import { screenshot, signIn } from "./fixtures/app";
import { ROOT_URL } from "./fixtures/urls";

/**
 * The French interface shows its field errors in French, whether the browser's own check or the
 * API finds them (the tRPC client sends Accept-Language: fr): the invite form (an e-mail already
 * in use, a 409 the API words in French), the session form (a capacity of 0, then a past date the
 * API refuses with 422) and the quiz editor (two answers with the same label).
 */
const STAMP = Date.now().toString(36);

test("the invite form shows its field errors in French", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Utilisateurs" }).click();
  await page.getByRole("button", { name: "Inviter un utilisateur" }).click();
  const dialog = page.getByRole("dialog", { name: "Inviter un utilisateur" });

  // Browser-side check of the contract.
  await dialog.getByLabel("Adresse e-mail").fill("pas-une-adresse");
  await dialog.getByRole("button", { name: "Inviter", exact: true }).click();
  await expect(dialog.getByText("Adresse e-mail invalide")).toBeVisible();
  await expect(dialog.getByText("Champ obligatoire").first()).toBeVisible();

  // The API's 409, worded in French next to the e-mail field.
  await dialog.getByLabel("Adresse e-mail").fill("learner@acme.test");
  await dialog.getByLabel("Prénom").fill("Léa");
  await dialog.getByLabel("Nom", { exact: true }).fill("Petit");
  await dialog.getByRole("button", { name: "Inviter", exact: true }).click();
  await expect(dialog.getByText("Cette adresse e-mail est déjà utilisée.")).toBeVisible();
  await expect(dialog.getByLabel("Adresse e-mail")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Email already exists")).toHaveCount(0);
  await screenshot(page, "errors-fr-invite");
});

test("the session form shows its field errors in French", async ({ page }) => {
  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await page.goto("/sessions/new");
  const form = page.getByRole("form", { name: "Planifier une session" });
  await form.getByLabel("Formation").selectOption({ label: "Sauveteur Secouriste du Travail (SST)" });
  await form.getByLabel("Titre de la session").fill(`Session e2e erreurs ${STAMP}`);
  await form.getByLabel("À distance (classe virtuelle)").check();
  await form.getByLabel("Date — Jour 1").fill("2020-01-06");
  await form.getByLabel("Places").fill("0");
  await form.getByRole("button", { name: "Planifier la session" }).click();
  // zod's "Too small: expected number to be >=1", in French.
  await expect(form.getByText("Doit être supérieur ou égal à 1")).toBeVisible();
  await expect(form.getByText(/Too small/)).toHaveCount(0);

  // The API's 422 on the past date, in French.
  await form.getByLabel("Places").fill("12");
  await form.getByRole("button", { name: "Planifier la session" }).click();
  await expect(form.getByText("Doit être dans le futur")).toBeVisible();
  await expect(form.getByLabel("Début — plage 1 du jour 1")).toHaveAttribute("aria-invalid", "true");
  await screenshot(page, "errors-fr-session");
});

test("the quiz editor shows its field errors in French", async ({ page, request }) => {
  const token = await apiToken(request, "acme", "creator@acme.test");
  const title = `Quiz e2e erreurs ${STAMP}`;
  const created = await request.post(`${ROOT_URL}/api/v1/courses/bulk`, {
    headers: { "X-Tenant-ID": "acme", Authorization: `Bearer ${token}` },
    data: {
      title,
      description: "Un parcours pour vérifier les messages d'erreur de l'éditeur de quiz.",
      price: 0,
      currency: "EUR",
      modules: [{ title: "Évaluation", lessons: [{ title: "Quiz final", kind: "QUIZ" }] }],
      questionnaires: [
        { title: "Quiz final", kind: "QUIZ", questions: [{ kind: "TRUE_FALSE", prompt: "Le feu se combat à l'eau ?", choices: [{ label: "Vrai", correct: false }, { label: "Faux", correct: true }] }] },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const courseId = ((await created.json()) as { data: { id: string } }).data.id;

  await signIn(page, "creator@acme.test");
  await expect(page.getByRole("heading", { level: 1, name: "Mes formations" })).toBeVisible();
  await page.goto(`/courses/${courseId}`);
  await page.getByRole("tab", { name: /Contenu/ }).click();
  await page.getByRole("button", { name: "Modifier « Quiz final »" }).click();
  const quiz = page.getByRole("dialog", { name: "Modifier la leçon — Quiz final" });
  await expect(quiz).toBeVisible();
  await quiz.getByRole("button", { name: "Ajouter une question" }).click();
  const q2 = quiz.getByRole("group", { name: "Question 2" });
  await q2.getByLabel("Intitulé").fill("Quel numéro appeler ?");
  await q2.getByRole("textbox", { name: "Réponse 1" }).fill("112");
  await q2.getByRole("textbox", { name: "Réponse 2" }).fill("112");
  await q2.getByRole("radio", { name: "Bonne réponse — Réponse 1" }).check();
  await quiz.getByRole("button", { name: "Enregistrer la leçon" }).click();
  await expect(q2.getByText("Les libellés des choix doivent être distincts")).toBeVisible();
  await expect(quiz.getByText("Choice labels must be distinct")).toHaveCount(0);
  await q2.getByText("Les libellés des choix doivent être distincts").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "e2e/artifacts/errors-fr-quiz.png" });
});
