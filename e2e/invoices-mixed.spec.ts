import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { assertIssuedPdf } from "../tests/helpers/facturx-validate";
import { pdfTextAsync } from "../tests/helpers/pdf-read";
import { mailTo } from "./fixtures/api";
import { expectNoHorizontalScroll, screenshot, signIn } from "./fixtures/app";

/**
 * Issue #21 acceptance: an exempt organisation invoices training (exempt, art. 261-4-4° a) and
 * room hire (20 %) on one invoice, from draft to sent, on a desktop and on a phone. The draft
 * shows the Factur-X verdict (EN 16931 and BR-FR) before the issue button is enabled; the PDF
 * carries both VAT categories, the exemption wording and the service period.
 */

async function mixedInvoice(page: Page, who: "desktop" | "phone") {
  const stamp = `${who}-${Date.now()}`;
  const recipient = `compta.${stamp}@client.test`;
  await signIn(page, "finance@acme.test");
  await expect(page.getByRole("heading", { level: 1, name: "Factures" })).toBeVisible();
  await page.getByRole("button", { name: "Nouvelle facture" }).click();
  const form = page.getByRole("dialog", { name: "Nouvelle facture" });
  await form.getByLabel("Client").selectOption({ index: 1 });
  await form.getByLabel("Début de la prestation").fill("2026-11-02");
  await form.getByLabel("Fin de la prestation").fill("2026-11-03");
  const training = form.getByRole("group", { name: "Ligne 1" });
  await training.getByLabel("Désignation").fill(`Formation « Excel perfectionnement » — ${stamp}`);
  await training.getByLabel("Quantité").fill("2");
  await training.getByLabel("Prix unitaire HT").fill("600,00");
  await training.getByLabel("Nature").selectOption("TRAINING");
  await training.getByLabel("TVA").selectOption("E");
  await form.getByRole("button", { name: "Ajouter une ligne" }).click();
  const room = form.getByRole("group", { name: "Ligne 2" });
  await room.getByLabel("Désignation").fill("Location de salle");
  await room.getByLabel("Prix unitaire HT").fill("250,00");
  await room.getByLabel("Nature").selectOption("OTHER");
  await room.getByLabel("TVA").selectOption("20");
  await screenshot(page, `invoice-mixed-form-${who}`);
  if (who === "phone") await expectNoHorizontalScroll(page);
  await form.getByRole("button", { name: "Enregistrer le brouillon" }).click();

  // The draft: 1 200 exempt + 250 at 20 % = 1 450 HT, 50 VAT, 1 500 TTC; the conformity banner before the issue button is enabled.
  const draft = page.getByRole("dialog", { name: "Brouillon de facture" });
  await expect(draft.getByText("1 500,00 €").last()).toBeVisible();
  await expect(draft.getByText("Conforme EN 16931 et règles françaises (BR-FR)")).toBeVisible({ timeout: 90_000 });
  const issueButton = draft.getByRole("button", { name: "Émettre la facture" });
  await expect(issueButton).toBeEnabled();
  await screenshot(page, `invoice-mixed-draft-${who}`);
  if (who === "phone") await expectNoHorizontalScroll(page);
  await issueButton.click();
  await page.getByRole("dialog", { name: "Émettre la facture" }).getByRole("button", { name: "Émettre la facture" }).click();

  const issued = page.getByRole("dialog", { name: /^Facture ACME-\d{4}-\d{6}$/ });
  await expect(issued).toBeVisible({ timeout: 60_000 });
  const number = /ACME-\d{4}-\d{6}/.exec((await issued.getByRole("heading").first().textContent()) ?? "")![0];
  await expect(issued.getByText("Émise", { exact: true })).toBeVisible();

  // Sent: the recipient starts with the client's billing e-mail.
  await issued.getByRole("button", { name: "Envoyer par e-mail" }).click();
  const send = issued.getByRole("form", { name: "Envoyer par e-mail" });
  await expect(send.getByLabel("Destinataire")).toHaveValue(/^[^@\s]+@[^@\s]+$/);
  await send.getByLabel("Destinataire").fill(recipient);
  await send.getByRole("button", { name: "Envoyer" }).click();
  await expect(issued.getByText(`Envoyée à ${recipient}.`)).toBeVisible();
  expect((await mailTo(page.request, recipient, "invoice-sent")).subject).toContain(number);
  await screenshot(page, `invoice-mixed-sent-${who}`);
  if (who === "phone") await expectNoHorizontalScroll(page);

  // The file: both VAT groups in the XML, the exemption ground on the E group, the wording and the period on the page.
  await expect(issued.getByRole("link", { name: "Télécharger le PDF" })).toBeVisible({ timeout: 60_000 });
  const downloadPromise = page.waitForEvent("download");
  await issued.getByRole("link", { name: "Télécharger le PDF" }).click();
  const bytes = await readFile((await (await downloadPromise).path())!);
  const check = await assertIssuedPdf(bytes, { signed: true });
  expect(check.xml).toContain("<ram:CategoryCode>E</ram:CategoryCode>");
  expect(check.xml).toContain("<ram:CategoryCode>S</ram:CategoryCode>");
  expect(check.xml).toContain("<ram:ExemptionReasonCode>VATEX-FR-CGI261-4</ram:ExemptionReasonCode>");
  const text = (await pdfTextAsync(bytes)).replace(/\u202f|\u00a0/g, " ");
  expect(text).toContain("Exonération de TVA – article 261-4-4° a du CGI");
  expect(text).toContain("Prestations de services");
  expect(text).toMatch(/02\/11\/2026.{0,20}03\/11\/2026/);
}

test("desktop: a mixed invoice (exempt training + room hire at 20 %) from draft to sent, with the conformity banner", async ({ page }) => {
  test.setTimeout(240_000);
  await mixedInvoice(page, "desktop");
});

test("phone: the same mixed invoice from draft to sent, without horizontal scrolling", async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await mixedInvoice(page, "phone");
  await context.close();
});
