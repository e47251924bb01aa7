import { expect, test } from "@playwright/test";
import { screenshot, signIn } from "./fixtures/app";

test.describe("document templates (admin)", () => {
  test("an admin creates and edits a CUSTOM template, inserts a variable and previews the PDF", async ({ page }) => {
    await signIn(page, "admin@acme.test");
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
    await page.goto("/templates");
    await expect(page.getByRole("heading", { level: 1, name: "Modèles de documents" })).toBeVisible();
    // The five SYSTEM templates are listed.
    await expect(page.getByRole("link", { name: "Certificat de réalisation — attestation de fin de formation" })).toBeVisible();
    await screenshot(page, "templates-list");

    // A SYSTEM template is read-only, with "Dupliquer pour modifier".
    await page.getByRole("link", { name: "Convocation à la formation" }).click();
    await expect(page.getByText("Modèle système : il ne peut pas être modifié.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Dupliquer pour modifier" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Contenu" })).toHaveCount(0);
    await screenshot(page, "template-system");

    // Create a CUSTOM one and edit it.
    await page.goto("/templates");
    await page.getByLabel("Nom du modèle").fill("Attestation d'assiduité e2e");
    await page.getByRole("combobox", { name: "Catégorie" }).first().selectOption("ATTESTATION");
    await page.getByRole("button", { name: "Créer le modèle" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Attestation d'assiduité e2e" })).toBeVisible();
    const body = page.getByRole("textbox", { name: "Contenu" });
    await body.fill("# Attestation d'assiduité\n\nNous attestons que **");
    await page.getByRole("combobox", { name: "Variable à insérer" }).selectOption("learner.fullName");
    await page.getByRole("button", { name: "Insérer" }).click();
    await body.press("End");
    await body.pressSequentially("** a suivi la formation.");
    await expect(body).toHaveValue("# Attestation d'assiduité\n\nNous attestons que **{{learner.fullName}}** a suivi la formation.");
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(page.getByText("Modifications enregistrées.")).toBeVisible();

    // The preview: a PDF (application/pdf, non-empty) opened in a new tab.
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes("/preview") && r.request().method() === "POST"),
      page.getByRole("button", { name: "Aperçu PDF" }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(Number(response.headers()["content-length"])).toBeGreaterThan(1000);
    // The same request from the page (its session cookie): the bytes are a PDF.
    const head = await page.evaluate(async (url) => {
      const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { size: bytes.length, magic: String.fromCharCode(...bytes.slice(0, 5)) };
    }, response.url());
    expect(head.size).toBeGreaterThan(1000);
    expect(head.magic).toBe("%PDF-");
    await expect(page.getByRole("link", { name: "Ouvrir l'aperçu PDF" })).toBeVisible();
    await screenshot(page, "template-editor");
  });
});

test.describe("my documents (learner on a phone)", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test("a learner downloads their certificate of completion", async ({ page }) => {
    await signIn(page, "learner@acme.test");
    await expect(page.getByRole("heading", { level: 1, name: "Mes formations" })).toBeVisible();
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Mes documents" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Mes documents" })).toBeVisible();
    const card = page.getByRole("listitem").filter({ hasText: "Certificat de réalisation — Excel" });
    await expect(card).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "my-documents-phone");

    const [download] = await Promise.all([page.waitForEvent("download"), card.getByRole("link", { name: /Télécharger/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^certificat-excel.*\.pdf$/);
    const path = await download.path();
    const { readFileSync } = await import("node:fs");
    const bytes = readFileSync(path!);
    expect(bytes.length).toBeGreaterThan(1000);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
});
