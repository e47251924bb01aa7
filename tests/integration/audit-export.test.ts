import { sql } from "drizzle-orm";
import { rawRows } from "../../server/db/raw-rows";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedAudit } from "../../server/seed/audit";
import { documents } from "../../server/db/schema";
import { forTenant } from "../../server/db/tenant-scope";
import { newId } from "../../server/lib/ids";
import { documentKey, documentStorage } from "../../server/services/documents/storage";
import { startWorld, type World } from "../helpers/attendance";
import { requireDebianTools } from "../helpers/debian-tools";
import { fetchBytes, pdfPages, pdfText } from "../helpers/documents";
import { expectError } from "../helpers/rest";
import { unzipTo, zipEntry, zipNames } from "../helpers/zip";

/**
 * Issue #11 items 6 and 7: the publication check (same rules as publish), the audit export
 * preview and its streamed ZIP (manifest with SHA-256 per file, report printing the manifest's
 * SHA-256 on its last page), and the Qualiopi dashboard, through the REST surface.
 */

let w: World;
let courseId: string;
let dir: string;
const FOLDERS = ["convention", "emargement", "evaluation", "attestation", "programme", "trainers"];
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

beforeAll(async () => {
  w = await startWorld();
  courseId = (await seedAudit(w.api.db, w.acmeId, { admin: w.uid.admin }, w.now()))!;
  dir = mkdtempSync(path.join(os.tmpdir(), "audit-zip-"));
}, 180_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await w.close();
});

const exportPath = (id: string) => `/qualiopi/courses/${id}/audit-export`;

describe("GET /qualiopi/courses/{courseId}/audit-export", () => {
  let zip: Buffer;
  let manifest: any;
  let manifestBytes: Buffer;
  let out: string;

  beforeAll(async () => {
    const res = await fetchBytes(w.api, "GET", exportPath(courseId), { tenant: "acme", token: w.tok.admin });
    expect(res.status, res.bytes.subarray(0, 300).toString()).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="dossier-audit-.*\.zip"$/);
    zip = res.bytes;
    const file = path.join(dir, "export.zip");
    writeFileSync(file, zip);
    out = path.join(dir, "x");
    unzipTo(zip, out);
    manifestBytes = readFileSync(path.join(out, "manifest.json"));
    manifest = JSON.parse(manifestBytes.toString("utf8"));
  }, 120_000);

  it("is a ZIP whose entries come in the documented order: evidence files, manifest.json, rapport-audit.pdf", () => {
    expect(zip.subarray(0, 4).toString("hex")).toBe("504b0304");
    const names = zipNames(zip);
    expect(names.slice(-2)).toEqual(["manifest.json", "rapport-audit.pdf"]);
    const files = names.filter((n) => !n.endsWith("/")).slice(0, -2);
    expect(files).toEqual(manifest.files.map((f: any) => f.path));
    expect(manifest.excluded).toEqual(["manifest.json", "rapport-audit.pdf"]);
    expect(manifest.order).toMatch(/manifest\.json.*rapport-audit\.pdf/);
  });

  it("cross-check where installed: unzip lists the same entries and finds every CRC right", (ctx) => {
    requireDebianTools((note) => ctx.skip(note), "unzip");
    const file = path.join(dir, "export.zip");
    expect(execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n")).toEqual(zipNames(zip));
    expect(execFileSync("unzip", ["-tq", file], { encoding: "utf8" })).toMatch(/^No errors detected/);
  });

  it("holds the six folders, each with at least one real document of the course", () => {
    for (const folder of FOLDERS) {
      expect(statSync(path.join(out, folder)).isDirectory(), folder).toBe(true);
      const inFolder = readdirSync(path.join(out, folder));
      expect(inFolder.length, `${folder}/ is empty`).toBeGreaterThan(0);
      expect(manifest.files.some((f: any) => f.folder === folder)).toBe(true);
    }
    const types = new Set(manifest.files.map((f: any) => f.type));
    for (const t of ["CONVENTION", "CONVOCATION", "EMARGEMENT", "EVALUATION", "ATTESTATION", "PROGRAMME", "TRAINER"]) expect(types.has(t), t).toBe(true);
    expect(manifest.files.every((f: any) => !f.error)).toBe(true);
    expect(manifest.course).toMatchObject({ id: courseId });
    expect(manifest.fileCount).toBe(manifest.files.length);
  });

  it("manifest.json lists every file with the SHA-256 and size of the extracted bytes, its indicator and its record", () => {
    expect(manifest.files.length).toBeGreaterThan(5);
    for (const f of manifest.files) {
      const bytes = readFileSync(path.join(out, f.path));
      expect(f.sizeBytes, f.path).toBe(bytes.length);
      expect(f.sha256, f.path).toBe(sha(bytes));
      expect(f.indicators.length, f.path).toBeGreaterThan(0);
      for (const i of f.indicators) expect(i >= 1 && i <= 32, f.path).toBe(true);
      expect(f.record.id).toMatch(/^([a-z]+_[a-z0-9]{24}|[a-z]+:[a-z]+_[a-z0-9]{24})$/);
      if (f.record.type === "document") expect(f.matchesRecord, f.path).toBe(true);
    }
    // A PDF is a PDF, a CSV holds the attempts.
    const pdf = manifest.files.find((f: any) => f.path.endsWith(".pdf"));
    expect(readFileSync(path.join(out, pdf.path)).subarray(0, 5).toString()).toBe("%PDF-");
    const csv = manifest.files.find((f: any) => f.folder === "evaluation" && f.record.type === "questionnaire");
    expect(readFileSync(path.join(out, csv.path), "utf8").split("\r\n")[0]).toMatch(/^\uFEFFTentative;Inscription;/);
  });

  it("the report's last page prints the SHA-256 of manifest.json", () => {
    const report = path.join(out, "rapport-audit.pdf");
    expect(existsSync(report)).toBe(true);
    const pages = pdfPages(readFileSync(report));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const last = pages.at(-1)!.replace(/\s+/g, "");
    expect(last).toContain(sha(manifestBytes));
    const first = pages[0]!;
    expect(first).toContain("Dossier d'audit Qualiopi");
  });

  it("the preview lists the same files, in the same order (documentCount = manifest fileCount)", async () => {
    const res = await w.call("GET", `${exportPath(courseId)}/preview`, w.tok.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = res.body.data;
    expect(p.documentCount).toBe(manifest.fileCount);
    expect(p.documents.map((d: any) => d.name)).toEqual(manifest.files.map((f: any) => f.path));
    expect(p.documents.map((d: any) => d.indicators)).toEqual(manifest.files.map((f: any) => f.indicators));
    expect(p.documents.map((d: any) => d.indicator)).toEqual(manifest.files.map((f: any) => f.indicators[0]));
    expect(p.indicatorsCovered).toBe(new Set(manifest.files.flatMap((f: any) => f.indicators)).size);
    expect(p.estimatedSizeMb).toBeGreaterThan(0);
    // Stored documents: the preview's size is the stored one.
    const stored = manifest.files.filter((f: any) => f.record.type === "document");
    for (const f of stored) expect(p.documents.find((d: any) => d.name === f.path).sizeBytes).toBe(f.sizeBytes);
    // What the screen shows: a subject without any id (the stored file's own name, the session…), and the sheet's day.
    for (const d of p.documents) if (d.subject !== null) expect(d.subject).not.toMatch(/\b[a-z]{2,5}_[A-Za-z0-9]{6,}/);
    const sheets = p.documents.filter((d: any) => d.type === "EMARGEMENT" && d.name.startsWith("emargement/feuille-"));
    expect(sheets.length).toBeGreaterThan(0);
    for (const d of sheets) {
      expect(d.subject).toEqual(expect.any(String));
      expect(d.name).toContain(d.date.slice(0, 10));
    }
    for (const d of p.documents.filter((x: any) => x.type === "COMPLAINT" || x.type === "IMPROVEMENT_PLAN")) expect(d).toMatchObject({ subject: null, date: null });
  });

  it("ADMIN only: 401 without a token, 403 for CREATOR, TRAINER, LEARNER and FINANCIER", async () => {
    expectError(await w.call("GET", exportPath(courseId)), 401);
    for (const who of ["creator", "trainer", "learner", "finance"] as const) {
      expectError(await w.call("GET", exportPath(courseId), w.tok[who]), 403);
      expectError(await w.call("GET", `${exportPath(courseId)}/preview`, w.tok[who]), 403);
    }
    expectError(await w.call("GET", `${exportPath(courseId)}/preview`), 401);
  });

  it("another tenant's course and an unknown course: 404 (JSON error body)", async () => {
    const globex = await w.api.call("GET", exportPath(courseId), { tenant: "globex", token: w.tok.globexAdmin });
    expectError(globex, 404);
    expectError(await w.api.call("GET", `${exportPath(courseId)}/preview`, { tenant: "globex", token: w.tok.globexAdmin }), 404);
    expectError(await w.call("GET", exportPath(w.globexSst.id), w.tok.admin), 404);
    expectError(await w.call("GET", exportPath("crs_doesnotexist000000000000"), w.tok.admin), 404);
    expectError(await w.call("GET", `${exportPath("crs_doesnotexist000000000000")}/preview`, w.tok.admin), 404);
  });

  it("an empty course still gives the six folders, a manifest with no file and the report", async () => {
    const created = await w.call("POST", "/courses", w.tok.admin, { title: "Formation vide", description: "Rien encore.", price: 0, currency: "EUR" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as string;
    const res = await fetchBytes(w.api, "GET", exportPath(id), { tenant: "acme", token: w.tok.admin });
    expect(res.status).toBe(200);
    const file = path.join(dir, "empty.zip");
    writeFileSync(file, res.bytes);
    const names = zipNames(res.bytes);
    for (const folder of FOLDERS) expect(names).toContain(`${folder}/`);
    const m = JSON.parse(zipEntry(res.bytes, "manifest.json").toString("utf8"));
    // Only the public sheet and the programme rendered from the course, and the organisation's improvement plans (indicator 32).
    expect(m.files.filter((f: any) => f.folder === "programme").map((f: any) => f.type)).toEqual(["PUBLIC_INFO", "PROGRAMME"]);
    expect(m.files.filter((f: any) => f.folder !== "programme").map((f: any) => f.type)).toEqual(expect.arrayContaining([]));
    for (const f of m.files) expect(["PUBLIC_INFO", "PROGRAMME", "IMPROVEMENT_PLAN"]).toContain(f.type);
    const preview = await w.call("GET", `${exportPath(id)}/preview`, w.tok.admin);
    expect(preview.body.data.documentCount).toBe(m.files.length);
  });

  it("stored documents are checked against their recorded SHA-256: altered bytes and a lost file are flagged, not hidden", async () => {
    const created = await w.call("POST", "/courses", w.tok.admin, { title: "Formation altérée", description: "x", price: 0, currency: "EUR" });
    const id = created.body.data.id as string;
    const scope = forTenant(w.acmeId);
    const original = Buffer.from("%PDF-1.4 programme d'origine");
    const [altered, lost] = [newId("doc"), newId("doc")];
    await documentStorage().put(documentKey(w.acmeId, altered), Buffer.from("%PDF-1.4 programme modifié après coup"));
    const row = (docId: string, kind: "PROGRAMME" | "OTHER") => ({
      id: docId,
      kind,
      subjectType: "COURSE" as const,
      subjectId: id,
      title: kind,
      fileName: `${kind.toLowerCase()}.pdf`,
      sha256: sha(original),
      sizeBytes: original.length,
      storagePath: documentKey(w.acmeId, docId),
      generatedAt: w.now(),
    });
    await w.api.db.insert(documents).values(scope.valuesMany(documents, [row(altered, "PROGRAMME"), row(lost, "OTHER")]));
    const res = await fetchBytes(w.api, "GET", exportPath(id), { tenant: "acme", token: w.tok.admin });
    expect(res.status).toBe(200);
    const file = path.join(dir, "altered.zip");
    writeFileSync(file, res.bytes);
    const m = JSON.parse(zipEntry(res.bytes, "manifest.json").toString("utf8"));
    const a = m.files.find((f: any) => f.record.id === altered);
    const l = m.files.find((f: any) => f.record.id === lost);
    expect(a).toMatchObject({ folder: "programme", recordedSha256: sha(original), matchesRecord: false });
    expect(l).toMatchObject({ folder: "programme", matchesRecord: false });
    expect(zipEntry(res.bytes, l.path).toString("utf8")).toContain("Fichier absent du stockage");
  });

  it("a client that disconnects mid-stream stops the export; the server keeps serving", async () => {
    const ac = new AbortController();
    const res = await fetch(`${w.api.url}/api/v1${exportPath(courseId)}`, { headers: { "X-Tenant-ID": "acme", Authorization: `Bearer ${w.tok.admin}` }, signal: ac.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read();
    ac.abort();
    await reader.cancel().catch(() => {});
    const again = await w.call("GET", `${exportPath(courseId)}/preview`, w.tok.admin);
    expect(again.status).toBe(200);
  });
});

describe("GET /qualiopi/check-publication", () => {
  const check = (id: string | undefined, token = w.tok.admin) => w.call("GET", `/qualiopi/check-publication${id === undefined ? "" : `?courseId=${id}`}`, token);
  const complete = {
    description: "Une formation complète.",
    price: 0,
    currency: "EUR",
    duration: 7,
    pedagogicalObjectives: "Savoir faire.",
    prerequisites: "Aucun.",
    targetAudience: "Tous publics.",
    teachingMethods: "Exercices.",
    evaluationMethods: "Quiz final.",
    accessibilityInfo: "Accessible.",
    disabilityReferentContact: "referent@acme.test",
    activityNumber: "11 75 12345 75",
    modules: [{ title: "Module 1", lessons: [{ title: "Leçon 1", kind: "TEXT", content: "Bonjour" }] }],
  };

  it("answers the Publication check record for the course's ADMIN and owning CREATOR", async () => {
    const res = await check(w.sst.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(Object.keys(d).sort()).toEqual(["blockers", "canPublish", "indicatorsCovered", "indicatorsTotal", "score", "warnings"]);
    expect(d.score).toBeGreaterThanOrEqual(0);
    expect(d.score).toBeLessThanOrEqual(100);
    expect(d.indicatorsCovered).toBeLessThanOrEqual(d.indicatorsTotal);
    expect((await check(w.sst.id, w.tok.creator)).status).toBe(200);
  });

  it("publish refuses exactly when canPublish is false (same rules)", async () => {
    const variants: Record<string, unknown>[] = [
      { ...complete, title: "Complète" },
      { ...complete, title: "Sans objectifs", pedagogicalObjectives: undefined },
      { ...complete, title: "Sans référent", disabilityReferentContact: undefined, accessibilityInfo: "  " },
      { ...complete, title: "Certification expirée", certificationNumber: "RS1234", certificationValidUntil: "2001-01-01" },
      { ...complete, title: "Sans leçon", modules: [{ title: "Vide", lessons: [] }] },
      { ...complete, title: "Sans durée", duration: 0 },
      { ...complete, title: "Certification sans date", certificationNumber: "RS9999" },
    ];
    const seen = new Set<boolean>();
    for (const v of variants) {
      const created = await w.call("POST", "/courses/bulk", w.tok.creator, v);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.data.id as string;
      const c = await check(id, w.tok.creator);
      expect(c.status).toBe(200);
      const status = await w.call("GET", `/courses/${id}/qualiopi-status`, w.tok.creator);
      expect(status.body.data.check).toEqual(c.body.data);
      const pub = await w.call("POST", `/courses/${id}/publish`, w.tok.creator);
      expect(pub.status, `${String(v.title)}: canPublish ${c.body.data.canPublish}, publish ${pub.status}`).toBe(c.body.data.canPublish ? 201 : 422);
      if (!c.body.data.canPublish) {
        expect(pub.body.code).toBe("COURSE_NOT_PUBLISHABLE");
        expect(pub.body.errors).toEqual(c.body.data.blockers.map((b: any) => b.message));
        for (const b of c.body.data.blockers) expect(b.indicator).toBeGreaterThan(0);
      } else expect(c.body.data.blockers).toEqual([]);
      seen.add(c.body.data.canPublish);
    }
    expect([...seen].sort()).toEqual([false, true]);
  });

  it("422 without courseId; 404 for another tenant's or an unknown course; 403 for TRAINER, LEARNER and a CREATOR who does not own the course", async () => {
    expectError(await check(undefined), 422);
    expectError(await check(""), 422);
    expectError(await check(w.globexSst.id), 404);
    expectError(await check("crs_doesnotexist000000000000"), 404);
    expectError(await w.api.call("GET", `/qualiopi/check-publication?courseId=${w.sst.id}`, { tenant: "globex", token: w.tok.globexAdmin }), 404);
    expectError(await check(w.sst.id, w.tok.trainer), 403);
    expectError(await check(w.sst.id, w.tok.learner), 403);
    const adminCourse = await w.call("POST", "/courses", w.tok.admin, { title: "Cours de l'admin", description: "x", price: 0, currency: "EUR" });
    expect(adminCourse.status).toBe(201);
    expectError(await check(adminCourse.body.data.id, w.tok.creator), 403);
    expectError(await w.call("GET", `/qualiopi/check-publication?courseId=${w.sst.id}`), 401);
  });
});

describe("GET /qualiopi/dashboard and /qualiopi/courses/{courseId}/dashboard", () => {
  it("lists the 32 indicators with their evidence, counts, links and gaps (tenant-wide)", async () => {
    const res = await w.call("GET", "/qualiopi/dashboard", w.tok.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d.indicators.map((i: any) => i.indicator)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
    expect(d.indicators.filter((i: any) => i.scope === "COMMON")).toHaveLength(22);
    const byN = (n: number) => d.indicators.find((i: any) => i.indicator === n);
    // Seeded: complaints (31), improvement plans (32), trainer competencies (21), conventions (4), attendance (10).
    for (const n of [4, 10, 21, 31, 32]) expect(byN(n).evidenced, `indicator ${n}`).toBe(true);
    expect(byN(31).evidence.find((e: any) => e.source === "complaints").count).toBeGreaterThan(0);
    // The records of the other quality features count too: needs analyses (4, 8), survey answers (30), as many as the database holds.
    const count = async (q: ReturnType<typeof sql>) => Number((await rawRows<{ n: number }>(w.api.db, q))[0]!.n);
    const nda = await count(sql`select count(*)::int as n from needs_analyses where tenant_id = ${w.acmeId}`);
    const svr = await count(sql`select count(*)::int as n from survey_responses where tenant_id = ${w.acmeId}`);
    expect(nda).toBeGreaterThan(0);
    expect(svr).toBeGreaterThan(0);
    for (const n of [4, 8]) expect(byN(n).evidence.find((e: any) => e.source === "needsAnalyses"), `indicator ${n}`).toMatchObject({ count: nda, link: "/needs" });
    expect(byN(30).evidence.find((e: any) => e.source === "surveys.responses").count).toBe(svr);
    for (const n of [8, 30]) expect(byN(n).evidenced, `indicator ${n}`).toBe(true);
    // Monitoring (23) lives outside the platform: a gap with no platform evidence.
    expect(byN(23)).toMatchObject({ evidenced: false, platformEvidence: false });
    expect(byN(23).gap).toMatch(/veille/i);
    for (const i of d.indicators) expect(i.evidenced ? i.gap === null : typeof i.gap === "string").toBe(true);
    expect(d.indicatorsEvidenced).toBe(d.indicators.filter((i: any) => i.evidenced).length);
  });

  it("per course: course-scoped records narrowed to the course (query or path form)", async () => {
    const a = await w.call("GET", `/qualiopi/courses/${w.sst.id}/dashboard`, w.tok.admin);
    const b = await w.call("GET", `/qualiopi/dashboard?courseId=${w.sst.id}`, w.tok.admin);
    expect(a.status).toBe(200);
    expect({ ...a.body.data, generatedAt: null }).toEqual({ ...b.body.data, generatedAt: null });
    expect(a.body.data.courseId).toBe(w.sst.id);
    const empty = await w.call("POST", "/courses", w.tok.admin, { title: "Sans rien", description: "x", price: 0, currency: "EUR" });
    const e = await w.call("GET", `/qualiopi/courses/${empty.body.data.id}/dashboard`, w.tok.admin);
    // Conventions prove indicator 9 (the evidence map), never 4 (needs analysis).
    const conv = (d: any) => d.indicators.find((i: any) => i.indicator === 9).evidence.find((e: any) => e.source === "documents.CONVENTION").count;
    expect(a.body.data.indicators.find((i: any) => i.indicator === 4).evidence.some((e: any) => e.source === "documents.CONVENTION")).toBe(false);
    expect(conv(a.body.data)).toBeGreaterThan(0);
    expect(conv(e.body.data)).toBe(0);
  });

  it("ADMIN only; another tenant's course: 404", async () => {
    expectError(await w.call("GET", "/qualiopi/dashboard", w.tok.creator), 403);
    expectError(await w.call("GET", "/qualiopi/dashboard", w.tok.learner), 403);
    expectError(await w.call("GET", "/qualiopi/dashboard"), 401);
    expectError(await w.call("GET", `/qualiopi/courses/${w.globexSst.id}/dashboard`, w.tok.admin), 404);
    expectError(await w.call("GET", `/qualiopi/dashboard?courseId=${w.globexSst.id}`, w.tok.admin), 404);
    expectError(await w.call("GET", `/qualiopi/courses/${w.sst.id}/dashboard`, w.tok.trainer), 403);
  });
});

/* ------------------------------------------------------------------ issue #20 item 9 */

/**
 * Issue #20 item 9: each evidence type maps to the indicators it proves, in ONE table
 * (server/services/qualiopi/evidence-map.ts); blank sheets of future sessions are left out; the
 * report is French throughout and lists, per indicator, its files or "aucune preuve". The ZIP is
 * read with fflate (tests/helpers/zip.ts; no unzip binary).
 */
describe("evidence -> indicators (issue #20 item 9)", () => {
  const EXPECTED: Record<string, number[]> = {
    NEEDS_ANALYSIS: [1, 4],
    POSITIONING: [8],
    PROGRAMME: [5, 6],
    CONVOCATION: [9],
    EMARGEMENT: [10, 11],
    EVALUATION: [11],
    CERTIFICATE: [11],
    TRAINER: [21, 22],
    SURVEY: [30],
    COMPLAINT: [31],
    IMPROVEMENT_PLAN: [32],
    ACTIVITY_LOG: [12],
    PUBLIC_INFO: [1, 2],
    CERTIFICATION: [3, 7, 16],
    ACCESSIBILITY: [26],
    CONVENTION: [9],
    ATTESTATION: [10],
    OTHER: [19],
  };

  it("the one mapping table: every evidence type and the indicators it proves", async () => {
    const { EVIDENCE } = await import("../../server/services/qualiopi/evidence-map");
    const { AUDIT_DOCUMENT_TYPES } = await import("../../server/contracts/qualiopi");
    expect(Object.fromEntries(Object.entries(EVIDENCE).map(([type, e]) => [type, [...e.indicators]]))).toEqual(EXPECTED);
    expect(Object.keys(EVIDENCE).sort()).toEqual([...AUDIT_DOCUMENT_TYPES].sort());
    // The errors of the issue: a convention is not a needs analysis, an attendance attestation does not prove objectives reached.
    expect(EVIDENCE.CONVENTION.indicators).not.toContain(4);
    expect(EVIDENCE.ATTESTATION.indicators).not.toContain(11);
  });

  let zip: Buffer;
  let manifest: any;
  let futureSession: string;

  beforeAll(async () => {
    const db = w.api.db;
    const scope = forTenant(w.acmeId);
    const { courses, billingClients, needsAnalyses, complaints, improvementPlans, activityLogs, liveSessions, enrollments } = await import("../../server/db/schema");
    const { eq } = await import("drizzle-orm");
    await db
      .update(courses)
      .set({ certificationNumber: "RS5678", accessibilityInfo: "Salle de plain-pied ; supports adaptés sur demande.", disabilityReferentContact: "Marie Curie — referent@acme.test" })
      .where(scope.where(courses, eq(courses.id, courseId)));
    const [enr] = await db.select({ id: enrollments.id, userId: enrollments.userId }).from(enrollments).where(scope.where(enrollments, eq(enrollments.courseId, courseId))).limit(1);
    const companyId = newId("cli");
    await db.insert(billingClients).values(scope.values(billingClients, { id: companyId, kind: "COMPANY", name: "Entreprise Audit", siren: "493271688" }));
    await db.insert(needsAnalyses).values(
      scope.values(needsAnalyses, {
        id: newId("nda"),
        companyId,
        enrollmentId: enr!.id,
        objectives: ["Porter secours"],
        currentLevel: "BEGINNER",
        targetLevel: "INTERMEDIATE",
        context: "Atelier de production",
        gapAnalysis: { currentLevel: "BEGINNER", targetLevel: "INTERMEDIATE", levelGap: 1, steps: ["INTERMEDIATE"], coveredObjectives: [], uncoveredObjectives: [], estimatedHours: 14, summary: "Écart d'un niveau" },
        provider: "local",
      }),
    );
    await db.insert(complaints).values(
      scope.values(complaints, { id: newId("cmp"), subject: "Salle trop froide", description: "La salle était froide le matin.", category: "COURSE_QUALITY", severity: "LOW", status: "RESOLVED", courseId, complainantEmail: "learner@acme.test", resolution: "Chauffage réglé." }),
    );
    await db.insert(improvementPlans).values(scope.values(improvementPlans, { id: newId("imp"), title: "Confort des salles", trigger: "COMPLAINT", status: "IN_PROGRESS", indicators: [31, 32] }));
    await db.insert(activityLogs).values(scope.values(activityLogs, { id: newId("act"), userId: enr!.userId, action: "LESSON_COMPLETED", courseId, enrollmentId: enr!.id }));
    futureSession = newId("ses");
    await db.insert(liveSessions).values(
      scope.values(liveSessions, {
        id: futureSession,
        courseId,
        title: "Session à venir",
        scheduledAt: new Date(w.now().getTime() + 10 * 86_400_000),
        durationMinutes: 420,
        deliveryMode: "PRESENTIAL",
        place: { name: "Salle", address: "Lyon" },
        status: "SCHEDULED",
        mediaRoomName: `room-${futureSession}`,
        attendancePin: "123456",
        createdBy: w.uid.admin,
      }),
    );
    const res = await fetchBytes(w.api, "GET", exportPath(courseId), { tenant: "acme", token: w.tok.admin });
    expect(res.status, res.bytes.subarray(0, 300).toString()).toBe(200);
    zip = res.bytes;
    manifest = JSON.parse(zipEntry(zip, "manifest.json").toString("utf8"));
  }, 180_000);

  it("every file of the manifest carries the indicators of its type, from the table", () => {
    expect(manifest.files.length).toBeGreaterThan(5);
    for (const f of manifest.files) expect(f.indicators, `${f.path} (${f.type})`).toEqual(EXPECTED[f.type]);
    const byType = (t: string) => manifest.files.filter((f: any) => f.type === t);
    for (const t of ["CONVENTION", "CONVOCATION", "EMARGEMENT", "EVALUATION", "ATTESTATION", "PROGRAMME", "TRAINER", "PUBLIC_INFO", "CERTIFICATION", "ACCESSIBILITY", "NEEDS_ANALYSIS", "COMPLAINT", "IMPROVEMENT_PLAN", "ACTIVITY_LOG"]) {
      expect(byType(t).length, t).toBeGreaterThan(0);
    }
    expect(byType("COMPLAINT")[0].folder).toBe("amelioration");
    expect(zipNames(zip).filter((n) => /^amelioration\/registre-reclamations\.csv$/.test(n))).toHaveLength(1);
  });

  it("a certifying course has evidence for indicators 1, 2, 3, 4, 7, 8 (when positioned), 12, 16, 26, 31 and 32", () => {
    const covered = new Set(manifest.files.flatMap((f: any) => f.indicators));
    for (const i of [1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 16, 21, 22, 26, 31, 32]) expect(covered.has(i), `indicator ${i}`).toBe(true);
  });

  it("convention/ files each versioned convention once, with indicator 9: the signed PDF of a signed one; nothing of a DRAFT, nor the unsigned file of a signed version", async () => {
    const { enrollments } = await import("../../server/db/schema");
    const { eq } = await import("drizzle-orm");
    const scope = forTenant(w.acmeId);
    const enrolled = await w.api.db.select({ id: enrollments.id }).from(enrollments).where(scope.where(enrollments, eq(enrollments.courseId, courseId)));
    const all = [];
    for (const e of enrolled) all.push(...(await w.call("GET", `/conventions?enrollmentId=${e.id}`, w.tok.admin)).body.data);
    const signed = all.filter((c: any) => c.status === "SIGNED");
    const drafts = all.filter((c: any) => c.versions.every((v: any) => v.status === "DRAFT"));
    expect(signed.length).toBeGreaterThan(0);
    expect(drafts.length).toBeGreaterThan(0);
    const filed = manifest.files.filter((f: any) => f.type === "CONVENTION");
    expect(filed.map((f: any) => f.record.id).sort()).toEqual(signed.map((c: any) => c.versions[0].signedDocumentId).sort());
    for (const f of filed) {
      const c = signed.find((x: any) => x.versions[0].signedDocumentId === f.record.id);
      expect(f).toMatchObject({ folder: "convention", indicators: [9], sha256: c.versions[0].signedSha256, matchesRecord: true });
      expect(f.path).toMatch(/^convention\//);
      expect(sha(zipEntry(zip, f.path))).toBe(c.versions[0].signedSha256);
      expect(pdfText(zipEntry(zip, f.path))).toContain("Preuve de signature électronique");
    }
    const ids = new Set(manifest.files.map((f: any) => f.record.id));
    for (const c of signed) expect(ids.has(c.versions[0].documentId)).toBe(false);
    for (const c of drafts) expect(ids.has(c.versions[0].documentId)).toBe(false);
  });

  it("blank sheets of future sessions are left out", () => {
    expect(manifest.files.some((f: any) => f.record.id === futureSession)).toBe(false);
    expect(zipNames(zip).some((n) => n.includes(futureSession))).toBe(false);
    expect(manifest.files.filter((f: any) => f.type === "EMARGEMENT").length).toBeGreaterThan(0);
  });

  it("the CSV files of the ZIP open in French Excel: BOM, `;`, French headers", async () => {
    const csvs = manifest.files.filter((f: any) => f.path.endsWith(".csv"));
    expect(csvs.length).toBeGreaterThanOrEqual(4);
    for (const f of csvs) {
      const bytes = zipEntry(zip, f.path);
      expect([...bytes.subarray(0, 3)], f.path).toEqual([0xef, 0xbb, 0xbf]);
      const header = bytes.subarray(3).toString("utf8").split("\r\n")[0]!;
      expect(header, f.path).toContain(";");
      expect(header, f.path).not.toMatch(/\b(attemptId|enrollmentId|learnerId|createdAt|status)\b/);
    }
    const quiz = csvs.find((f: any) => f.record.type === "questionnaire");
    expect(zipEntry(zip, quiz.path).subarray(3).toString("utf8")).toMatch(/^Tentative;Inscription;Identifiant apprenant;Apprenant;Date;Score;Score maximal;Pourcentage;Réussi\r\n/);
  });

  it("the report is French throughout: no English enum words, no ISO timestamps, each indicator with its files or « aucune preuve »", async () => {
    const report = zipEntry(zip, "rapport-audit.pdf");
    const text = pdfText(report);
    for (const word of ["PUBLISHED", "COMPLETED", "DRAFT", "ACTIVE", "ARCHIVED", "IN_PROGRESS", "RESOLVED", "SCHEDULED", "PRESENTIAL", "Archive order", "every evidence file"]) {
      expect(text, word).not.toContain(word);
    }
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    expect(text).toMatch(/Généré le \d{1,2} [a-zéû]+ \d{4} à \d{2}:\d{2}/);
    expect(text).toContain("publiée");
    for (let i = 1; i <= 32; i++) expect(text, `indicator ${i}`).toContain(`Indicateur ${i} —`);
    expect(text).toContain("aucune preuve");
    // Indicator 31 lists the complaints register; 13 (work-linked training) has none here.
    expect(text).toMatch(/Indicateur 31 — [^—]*amelioration\/registre-reclamations\.csv/);
    expect(text).toMatch(/Indicateur 13 — [^—]*aucune preuve/);
    expect(text).toContain(manifest.files.find((f: any) => f.type === "CONVENTION").path);
    // The public sheet and the programme speak French too.
    for (const t of ["PUBLIC_INFO", "PROGRAMME"]) {
      const pdf = pdfText(zipEntry(zip, manifest.files.find((f: any) => f.type === t).path));
      expect(pdf, t).not.toMatch(/\b(PRESENTIAL|ELEARNING|BLENDED|BEGINNER|INTERMEDIATE)\b/);
    }
  });
});
