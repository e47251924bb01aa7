import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { assertIssuedPdf } from "../tests/helpers/facturx-validate";
import { mailTo } from "./fixtures/api";
import { screenshot, signIn } from "./fixtures/app";

/**
 * Issue #12 acceptance: a finance user creates, issues and sends an invoice and downloads its PDF
 * (a Factur-X PDF/A-3: the file carries factur-x.xml and a signature). Then the same screens on a
 * phone, without horizontal scrolling.
 */

test("a finance user creates, issues and sends an invoice, then downloads its Factur-X PDF", async ({ page, request }) => {
  // Two documents validated (EN 16931, BR-FR), rendered and signed: the issue and the credit note.
  test.setTimeout(180_000);
  const stamp = Date.now();
  const recipient = `compta.${stamp}@client.test`;
  await signIn(page, "finance@acme.test");
  // The financier's home is the invoices.
  await expect(page.getByRole("heading", { level: 1, name: "Factures" })).toBeVisible();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole("navigation", { name: "Rubriques de la facturation" }).getByRole("link", { name: "Factures" })).toHaveAttribute("aria-current", "page");

  await page.getByRole("button", { name: "Nouvelle facture" }).click();
  const form = page.getByRole("dialog", { name: "Nouvelle facture" });
  await form.getByLabel("Client").selectOption({ index: 1 });
  await form.getByLabel("Désignation").fill(`Formation SST — session ${stamp}`);
  await form.getByLabel("Quantité").fill("2");
  await form.getByLabel("Prix unitaire HT").fill("450,00");
  await form.getByRole("button", { name: "Ajouter une ligne" }).click();
  await form.getByLabel("Désignation").nth(1).fill("Support de cours");
  await form.getByLabel("Prix unitaire HT").nth(1).fill("25,50");
  await form.getByLabel("Remise HT").nth(1).fill("5,50");
  await screenshot(page, "invoice-form-desktop");
  await form.getByRole("button", { name: "Enregistrer le brouillon" }).click();

  const draft = page.getByRole("dialog", { name: "Brouillon de facture" });
  await expect(draft.getByText("920,00 €").last()).toBeVisible();
  await draft.getByRole("button", { name: "Émettre la facture" }).click();
  await page.getByRole("dialog", { name: "Émettre la facture" }).getByRole("button", { name: "Émettre la facture" }).click();

  const issued = page.getByRole("dialog", { name: /^Facture ACME-\d{4}-\d{6}$/ });
  await expect(issued).toBeVisible({ timeout: 30_000 });
  const title = await issued.getByRole("heading").first().textContent();
  const number = /ACME-\d{4}-\d{6}/.exec(title ?? "")![0];
  await expect(issued.getByText("Émise", { exact: true })).toBeVisible();
  await expect(issued.getByText("XML intégré")).toBeVisible();
  await expect(issued.getByText(/Signée \(ADES, local\)/)).toBeVisible();
  await screenshot(page, "invoice-issued-desktop");

  await issued.getByRole("button", { name: "Envoyer par e-mail" }).click();
  const send = issued.getByRole("form", { name: "Envoyer par e-mail" });
  // Prefilled with the client's billing e-mail.
  await expect(send.getByLabel("Destinataire")).toHaveValue(/^[^@\s]+@[^@\s]+$/);
  await expect(send.getByText("Adresse de facturation du client.")).toBeVisible();
  await send.getByLabel("Destinataire").fill(recipient);
  await send.getByLabel("Message").fill("Merci pour votre confiance.");
  await send.getByRole("button", { name: "Envoyer" }).click();
  await expect(issued.getByText(`Envoyée à ${recipient}.`)).toBeVisible();
  const mail = await mailTo(request, recipient, "invoice-sent");
  expect(mail.subject).toContain(number);

  const downloadPromise = page.waitForEvent("download");
  await issued.getByRole("link", { name: "Télécharger le PDF" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`facture-${number}.pdf`);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  // The file itself (npm readers, tests/helpers/facturx-validate.ts): its structure, the PDF/A-3 and Factur-X XMP, factur-x.xml attached, fonts embedded, the signature valid.
  const check = await assertIssuedPdf(bytes, { signed: true });
  expect(check.xml).toContain(`<ram:ID>${number}</ram:ID>`);

  // A partial credit note starts from the invoice's lines: the second one removed, the first credited.
  await issued.getByRole("button", { name: "Établir un avoir" }).click();
  const credit = issued.getByRole("form", { name: "Établir un avoir" });
  await credit.getByLabel("Avoir partiel (lignes à créditer)").check();
  await expect(credit.getByLabel("Désignation").first()).toHaveValue(`Formation SST — session ${stamp}`);
  await expect(credit.getByLabel("Désignation").nth(1)).toHaveValue("Support de cours");
  await expect(credit.getByLabel("Prix unitaire HT").first()).toHaveValue("450");
  await credit.getByRole("button", { name: "Supprimer la ligne 2" }).click();
  await expect(credit.getByLabel("Désignation")).toHaveCount(1);
  await credit.getByLabel("Quantité").fill("1");
  await credit.getByLabel("Motif de l'avoir").fill("Une journée non réalisée");
  await credit.getByRole("button", { name: "Émettre l'avoir" }).click();
  await expect(issued.getByText(/^Avoir ACME-\d{4}-\d{6} émis\.$/)).toBeVisible({ timeout: 30_000 });
  await expect(issued.getByRole("heading", { name: "Avoirs" })).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(issued).toBeHidden();
  await page.goto("/billing?status=ISSUED");
  await expect(page.getByRole("cell", { name: number, exact: true })).toBeVisible();
});

test("the invoices page and an invoice's detail fit a phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signIn(page, "finance@acme.test");
  await expect(page.getByRole("heading", { level: 1, name: "Factures" })).toBeVisible();
  const open = page.getByRole("table", { name: "Liste des factures" }).getByRole("button", { name: /^Ouvrir / });
  await expect(open.first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, "invoices-phone");
  await open.first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, "invoice-detail-phone");
  await context.close();
});
