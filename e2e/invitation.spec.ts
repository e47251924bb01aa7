import { expect, test } from "@playwright/test";
import { apiToken, latestMailLink } from "./fixtures/api";
import { screenshot } from "./fixtures/app";
import { ROOT_URL } from "./fixtures/urls";

test("an invited learner accepts the e-mailed invitation and lands on their courses", async ({ page, request }) => {
  const email = `newcomer-${Date.now()}@acme.test`;
  const token = await apiToken(request, "acme", "admin@acme.test");
  const created = await request.post(`${ROOT_URL}/api/v1/users`, {
    headers: { "X-Tenant-ID": "acme", Authorization: `Bearer ${token}` },
    data: { email, firstName: "Nina", lastName: "Roux", role: "LEARNER" },
  });
  expect(created.status()).toBe(201);

  await page.goto(await latestMailLink(request, email));
  await expect(page.getByRole("heading", { level: 1, name: "Rejoindre Acme Formation" })).toBeVisible();
  await expect(page.getByLabel("Adresse e-mail de l'invitation")).toHaveValue(email);
  await page.getByLabel("Mot de passe").fill("short");
  await page.getByRole("button", { name: "Accepter l'invitation" }).click();
  await expect(page.getByText("Le mot de passe doit comporter au moins 10 caractères", { exact: true })).toBeVisible();
  await screenshot(page, "accept-invite");

  await page.getByLabel("Mot de passe").fill("a-Strong-passw0rd");
  await page.getByRole("button", { name: "Accepter l'invitation" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mes formations" })).toBeVisible();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});
