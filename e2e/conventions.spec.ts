import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { apiToken, enrolledLearner, mailTo, sstCourseId, tenantApi } from "./fixtures/api";
import { draw, screenshot, signIn } from "./fixtures/app";

/**
 * Issue #20 item 7 acceptance: the admin generates an enrollment's convention for the employer
 * and sends it; the employer opens the e-mailed link on a phone (no account), draws a signature
 * and sees the convention signed; the admin then downloads the signed PDF, which carries the
 * evidence page.
 */

test("the admin generates and sends a convention; the employer signs it from the e-mailed link on a phone; the signed PDF downloads", async ({ browser, page, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const admin = tenantApi(request, await apiToken(request, "acme", "admin@acme.test"));
  const courseId = await sstCourseId(admin);
  const email = `convention.e2e.${stamp}@acme.test`;
  await enrolledLearner(admin, courseId, { email, firstName: "Hugo", lastName: "Convention" });
  const learner = tenantApi(request, await apiToken(request, "acme", email));
  const mine = (await (await learner.get("/enrollments/me")).json()) as { data: { id: string; courseId?: string; course?: { id: string } }[] };
  const enrollment = mine.data.find((e) => (e.courseId ?? e.course?.id) === courseId)!;
  expect(enrollment, "the learner's SST enrollment").toBeTruthy();

  // Admin: the enrollment's page, convention panel.
  await signIn(page, "admin@acme.test");
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
  await page.goto(`/enrollments/${enrollment.id}`);
  const panel = page.getByRole("region", { name: "Convention de formation" });
  await expect(panel.getByText("Aucune convention pour cette inscription.")).toBeVisible();
  await panel.getByLabel("Client signataire (qui paie)").selectOption({ label: "Transports Lefèvre" });
  await panel.getByRole("button", { name: "Générer la convention" }).click();
  await expect(panel.getByTestId("convention-status")).toHaveText("Brouillon", { timeout: 30_000 });
  await expect(panel).toContainText("Convention de formation professionnelle — Transports Lefèvre (Employeur)");
  await expect(panel.getByTestId("convention-version-1")).toContainText(/[0-9a-f]{64}/);
  const recipient = `rh.${stamp}@transports-lefevre.example.com`;
  await panel.getByLabel("Destinataire (facultatif)").fill(recipient);
  await screenshot(page, "convention-admin-draft");
  await panel.getByRole("button", { name: "Envoyer pour signature" }).click();
  await expect(panel.getByText("Envoyée pour signature.")).toBeVisible();
  await expect(panel.getByTestId("convention-status")).toHaveText("Envoyée");

  // The signer: the link from the dev outbox, on a phone, without an account.
  const mail = await mailTo(request, recipient, "convention-sign");
  expect(mail.attachments?.[0]?.contentType).toContain("application/pdf");
  const link = /https?:\/\/\S+\/convention\/sign\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, "the signing link").toBeTruthy();
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: "fr-FR" });
  const signer = await phone.newPage();
  await signer.goto(link!);
  await expect(signer.getByRole("heading", { level: 1, name: "Signature de la convention" })).toBeVisible();
  await expect(signer.getByText("Transports Lefèvre")).toBeVisible();
  await signer.getByRole("button", { name: "Signer la convention" }).click();
  await expect(signer.getByText("Indiquez votre nom.")).toBeVisible();
  await signer.getByLabel("Nom et qualité du signataire").fill("Marc Lefèvre, gérant");
  await draw(signer, signer.getByRole("img", { name: "Zone de signature" }), 40);
  await signer.getByLabel(/J'ai lu le document et j'approuve/).check();
  const overflow = await signer.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(signer, "convention-sign-phone");
  await signer.getByRole("button", { name: "Signer la convention" }).click();
  await expect(signer.getByRole("heading", { level: 1, name: "Document signé" })).toBeVisible({ timeout: 30_000 });
  await expect(signer.getByText(/Signé par Marc Lefèvre, gérant/)).toBeVisible();
  await screenshot(signer, "convention-signed-phone");
  // The link serves the signed PDF (fetched by the phone's browser: the tenant is its sub-domain).
  const href = (await signer.getByTestId("convention-pdf").getAttribute("href"))!;
  const publicPdf = await signer.evaluate(async (url) => {
    const res = await fetch(url);
    const head = new Uint8Array(await res.arrayBuffer()).subarray(0, 5);
    return { status: res.status, type: res.headers.get("content-type"), head: String.fromCharCode(...head) };
  }, href);
  expect(publicPdf).toEqual({ status: 200, type: "application/pdf", head: "%PDF-" });
  await phone.close();

  // Admin: signed, and the signed PDF downloads with its evidence page.
  await page.reload();
  await expect(panel.getByTestId("convention-status")).toHaveText("Signée");
  await expect(panel.getByText(/Signée par Marc Lefèvre, gérant le/)).toBeVisible();
  await screenshot(page, "convention-admin-signed");
  const [download] = await Promise.all([page.waitForEvent("download"), panel.getByRole("link", { name: "PDF signé v1" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^convention-.*-v1-signee\.pdf$/);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  // The file is the signed version the API records (its evidence page is read in tests/integration/conventions.test.ts).
  const listed = (await (await admin.get("/conventions", { enrollmentId: enrollment.id })).json()) as { data: { versions: { status: string; signedSha256: string | null; signerName: string | null }[] }[] };
  expect(listed.data[0]!.versions[0]).toMatchObject({ status: "SIGNED", signerName: "Marc Lefèvre, gérant" });
  expect(createHash("sha256").update(bytes).digest("hex")).toBe(listed.data[0]!.versions[0]!.signedSha256);
});
