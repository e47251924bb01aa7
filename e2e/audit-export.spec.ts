import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { unzipTo, zipNames } from "../tests/helpers/zip";
import { screenshot, signIn } from "./fixtures/app";

const FOLDERS = ["convention", "emargement", "evaluation", "attestation", "programme", "trainers"];

test.describe("Qualiopi dashboard and audit bundle (admin)", () => {
  test("an admin opens the dashboard, picks the SST course and downloads its audit ZIP, which opens", async ({ page }) => {
    await signIn(page, "admin@acme.test");
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto("/quality");
    await page.getByRole("link", { name: "Tableau de bord Qualiopi" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord Qualiopi" })).toBeVisible();
    // Tenant-wide: the 32 indicators, complaints (31) evidenced by the demo data.
    await expect(page.locator("[data-indicator]")).toHaveCount(32);
    await expect(page.locator('[data-indicator="31"]')).toContainText("Justifié");
    await expect(page.locator('[data-indicator="23"]')).toContainText("Hors plateforme");

    const scope = page.getByRole("combobox", { name: "Périmètre" });
    const value = await scope.locator("option", { hasText: "Sauveteur" }).first().getAttribute("value");
    await scope.selectOption(value!);
    await expect(page.getByRole("heading", { name: "Contrôle avant publication" })).toBeVisible();
    await expect(page.getByText(/Score\s:\s\d+ \/ 100/)).toBeVisible();
    await expect(page.getByText(/\d+ fichiers, \d+ indicateurs justifiés/)).toBeVisible();
    // The files are named as a reader names them (type, subject, day), never by an archive path with an id.
    const files = page.getByRole("list", { name: "Fichiers du dossier d'audit" }).getByRole("listitem");
    await expect(files.filter({ hasText: "Feuille d'émargement · " }).first()).toBeVisible();
    for (const text of await files.allInnerTexts()) expect(text).not.toMatch(/\b[a-z]{2,5}_[A-Za-z0-9]{6,}|\//);
    await screenshot(page, "qualiopi-dashboard");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Télécharger le dossier d'audit (ZIP)" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^dossier-audit-.*\.zip$/);
    const dir = mkdtempSync(path.join(os.tmpdir(), "e2e-audit-"));
    try {
      const file = path.join(dir, "audit.zip");
      await download.saveAs(file);
      const bytes = readFileSync(file);
      expect(bytes.subarray(0, 4).toString("hex")).toBe("504b0304");
      const names = zipNames(bytes);
      for (const folder of FOLDERS) expect(names.some((n) => n.startsWith(`${folder}/`) && !n.endsWith("/")), `${folder}/ has a file`).toBe(true);
      expect(names.slice(-2)).toEqual(["manifest.json", "rapport-audit.pdf"]);
      unzipTo(bytes, path.join(dir, "x"));
      const manifest = JSON.parse(readFileSync(path.join(dir, "x", "manifest.json"), "utf8"));
      for (const f of manifest.files) expect(createHash("sha256").update(readFileSync(path.join(dir, "x", f.path))).digest("hex")).toBe(f.sha256);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the publication check of a draft is worded in French from its codes, on desktop and phone; no status code, no id on screen", async ({ page }) => {
    const ID = /\b(?:pay|imp|inv|crs|enr|usr|cpl|ses|nda)_[a-z0-9]{6,}/;
    await signIn(page, "admin@acme.test");
    await expect(page).not.toHaveURL(/\/login/);
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      await page.goto("/quality/qualiopi");
      const scope = page.getByRole("combobox", { name: "Périmètre" });
      await expect(scope.locator("option", { hasText: "(Brouillon)" }).first()).toBeAttached();
      expect(await scope.locator("option", { hasText: "(DRAFT)" }).count()).toBe(0);
      const value = await scope.locator("option", { hasText: "(Brouillon)" }).first().getAttribute("value");
      await scope.selectOption(value!);
      await expect(page.getByRole("heading", { name: "Contrôle avant publication" })).toBeVisible();
      const text = `${await page.locator('section[aria-labelledby="qualiopi-check"]').innerText()}\n${await scope.innerText()}`;
      expect(text).not.toMatch(/ is required|No PRIMARY|No QUIZ|No POSITIONING|No SATISFACTION|must be greater/);
      expect(text).not.toMatch(ID);
      await screenshot(page, viewport.width > 500 ? "qualiopi-draft-check" : "qualiopi-draft-check-phone");
    }
  });
});
