import { expect, test } from "@playwright/test";
import { apiToken, enrolledLearner, sstCourseId, tenantApi } from "./fixtures/api";
import { screenshot } from "./fixtures/app";
import { ROOT_URL } from "./fixtures/urls";

/**
 * Issue #11 acceptance: a learner answers the end-of-course survey from its e-mailed link on a
 * phone, without a password, and the course's public page then shows the result without a login.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

test("a learner answers the end-of-course survey from its link on a phone; the public course page shows the result", async ({ page, request }) => {
  const admin = tenantApi(request, await apiToken(request, "acme", "admin@acme.test"));
  const courseId = await sstCourseId(admin);
  const email = `survey.e2e.${Date.now().toString(36)}@acme.test`;
  await enrolledLearner(admin, courseId, { email, firstName: "Nora", lastName: "Sondage" });

  // The learner completes every lesson of the SST course (the demo course has a SATISFACTION questionnaire).
  const learner = tenantApi(request, await apiToken(request, "acme", email));
  const mine = await learner.get("/enrollments/me");
  expect(mine.status(), await mine.text()).toBe(200);
  const enrollment = ((await mine.json()) as { data: { id: string; courseId?: string; course?: { id: string } }[] }).data.find((e) => (e.courseId ?? e.course?.id) === courseId);
  expect(enrollment, "the learner's SST enrollment").toBeTruthy();
  const modules = await admin.get(`/courses/${courseId}/modules`);
  expect(modules.status()).toBe(200);
  const lessonIds = ((await modules.json()) as { data: { lessons: { id: string }[] }[] }).data.flatMap((m) => m.lessons.map((l) => l.id));
  for (const lessonId of lessonIds) {
    const res = await learner.post(`/enrollments/${enrollment!.id}/progress/${lessonId}`, { status: "COMPLETED" });
    expect(res.status(), await res.text()).toBe(201);
  }

  // The job worker e-mails the survey: its signed link, from the development outbox.
  let link = "";
  await expect
    .poll(
      async () => {
        const res = await request.get(`${ROOT_URL}/api/v1/dev/outbox`, { params: { to: email } });
        const mails = ((await res.json()) as { data: { template: string; text: string }[] }).data;
        link = /https?:\/\/\S+\/survey\?token=\S+/.exec(mails.find((m) => m.template === "survey-end-of-course")?.text ?? "")?.[0] ?? "";
        return link;
      },
      { timeout: 30_000 },
    )
    .toMatch(/\/survey\?token=/);

  // On the phone, without signing in.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Votre avis sur la formation" })).toBeVisible();
  await expect(page.getByText("Bonjour Nora,")).toBeVisible();
  // Sending without answering names the required questions.
  await page.getByRole("button", { name: "Envoyer mes réponses" }).click();
  await expect(page.getByText("Certaines questions obligatoires n'ont pas de réponse.")).toBeVisible();
  await page.getByRole("group", { name: /êtes-vous satisfait/ }).getByRole("radio", { name: "5" }).check();
  await page.getByRole("group", { name: /objectifs annoncés/ }).getByRole("radio", { name: "5" }).check();
  await page.getByRole("group", { name: /Recommanderiez-vous/ }).getByRole("radio", { name: "Oui" }).check();
  await page.getByRole("group", { name: /commentaire/ }).getByRole("textbox").fill("Formateur très clair, merci.");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, "survey-phone");
  await page.getByRole("button", { name: "Envoyer mes réponses" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Merci !" })).toBeVisible();

  // The same link again: already answered.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Déjà répondu" })).toBeVisible();

  // The public course page, still without a login: the published results include the answer.
  await page.goto("/formations/sauveteur-secouriste-du-travail");
  await expect(page).toHaveTitle(/Sauveteur Secouriste du Travail/);
  await expect(page.getByRole("heading", { level: 1, name: /Sauveteur Secouriste du Travail/ })).toBeVisible();
  const results = page.getByRole("region", { name: "Nos résultats" });
  await expect(results.getByText("Stagiaires satisfaits")).toBeVisible();
  await expect(results.getByText("100 %").first()).toBeVisible();
  await expect(results.getByText("sur 1 réponse", { exact: true })).toBeVisible();
  await expect(results.getByText("Taux de réussite", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Référent handicap" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Délai d'accès" }).or(page.getByText("Délai d'accès"))).toBeVisible();
  const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(pageOverflow).toBeLessThanOrEqual(0);
  await screenshot(page, "public-course-phone");

  // The index lists it.
  await page.goto("/formations");
  await expect(page.getByRole("link", { name: /Sauveteur Secouriste du Travail/ })).toBeVisible();
});
