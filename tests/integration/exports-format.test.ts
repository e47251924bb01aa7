import ExcelJS from "exceljs";
import { readFrenchCsv } from "../helpers/csv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingClients, courses, emargements, enrollments, invoices, liveSessions } from "../../server/db/schema";
import { newId } from "../../server/lib/ids";
import { ensureMembership, ensureUser } from "../factories";
import { startWorld, type World } from "../helpers/attendance";
import { fetchBytes } from "../helpers/documents";

/**
 * Issue #20 item 10: every export opens in a French office. Each CSV is read as French Excel
 * reads it (UTF-8 byte order mark, `;` separator, decimal comma, dd/mm/yyyy dates) and each XLSX
 * is opened with exceljs (French headers, Date cells, number cells). The exports: the course
 * progress (GET /enrollments/course/{courseId}/export) and the BPF trainees
 * (GET /bpf/year/{year}/export-csv); the audit ZIP's quiz CSV is in audit-export.test.ts.
 */
let w: World;
const Y = 2020;
const ids: Record<string, string> = {};

beforeAll(async () => {
  w = await startWorld();
  const db = w.api.db;
  const tenantId = w.acmeId;
  ids.course = newId("crs");
  await db.insert(courses).values({ id: ids.course, tenantId, creatorId: w.uid.creator, title: "Export Excel", slug: `export-excel-${ids.course.slice(-6)}`, format: "PRESENTIAL", duration: 7, status: "PUBLISHED" });
  const u = await ensureUser(db, { email: "export.fr@acme.test", firstName: "Émilie", lastName: "Dupré", password: null });
  await ensureMembership(db, tenantId, u.id, "LEARNER");
  ids.user = u.id;
  ids.enr = newId("enr");
  // 14 March 2020 23:30 UTC is 15 March 00:30 in Paris: the day changes with the zone.
  await db.insert(enrollments).values({ id: ids.enr, tenantId, courseId: ids.course, userId: u.id, traineeCategory: "SAL", financingSource: "OPCO", enrolledAt: new Date("2020-03-14T23:30:00Z") });
  // 90 minutes attended -> 1.5 h; an invoice of 123.45 € HT linked to the enrollment.
  ids.session = newId("ses");
  await db.insert(liveSessions).values({ id: ids.session, tenantId, courseId: ids.course, title: "Séance", scheduledAt: new Date("2020-03-20T08:00:00Z"), durationMinutes: 90, deliveryMode: "PRESENTIAL", place: { name: "Salle", address: "Lyon" }, status: "ENDED", mediaRoomName: `exp-${ids.session}`, attendancePin: "123456", createdBy: w.uid.admin });
  await db.insert(emargements).values({ id: newId("emg"), tenantId, sessionId: ids.session, userId: u.id, enrollmentId: null, method: "PIN", signedAt: new Date("2020-03-20T08:02:00Z"), sealedHash: `sha256:${"0".repeat(64)}`, chainPosition: 800_001 });
  const clientId = newId("cli");
  await db.insert(billingClients).values({ id: clientId, tenantId, kind: "OPCO", name: "OPCO Export" });
  await db.insert(invoices).values({
    id: newId("inv"),
    tenantId,
    clientId,
    status: "ISSUED",
    number: "EXP-2020-000001",
    items: [{ description: "Formation", quantity: 1, unitPriceCents: 12_345, vatRate: 0 }],
    subtotalCents: 12_345,
    vatCents: 0,
    totalCents: 12_345,
    issuedAt: new Date("2020-04-01T10:00:00Z"),
    enrollmentId: ids.enr,
    payer: "OPCO",
  });
  const gen = await w.call("POST", `/bpf/year/${Y}/generate`, w.tok.admin, {});
  expect(gen.status).toBe(200);
}, 180_000);
afterAll(() => w.close());


async function openXlsx(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return { sheet, rows };
}

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

describe("course progress export", () => {
  const url = () => `/enrollments/course/${ids.course}/export`;

  it("CSV: BOM, `;`, French headers, dates in the tenant's zone, words for the codes", async () => {
    const res = await fetchBytes(w.api, "GET", url(), { tenant: "acme", token: w.tok.admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="inscriptions-export-excel-\w+\.csv"/);
    const rows = readFrenchCsv(res.bytes);
    expect(rows[0]).toEqual(["Inscription", "Apprenant", "E-mail", "Statut", "Inscrit le", "Terminée le", "Dernière activité", "Progression (%)", "Catégorie de stagiaire", "Financement"]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual([ids.enr, "Émilie Dupré", "export.fr@acme.test", "En cours", "15/03/2020 00:30", "", "", "0", "Salarié d'un employeur privé", "OPCO"]);
  });

  it("XLSX (?format=xlsx): French headers, a Date cell holding Paris wall-clock time, a number cell", async () => {
    const res = await fetchBytes(w.api, "GET", `${url()}?format=xlsx`, { tenant: "acme", token: w.tok.admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(XLSX_TYPE);
    expect(res.headers.get("content-disposition")).toMatch(/\.xlsx"$/);
    const { sheet, rows } = await openXlsx(res.bytes);
    expect(sheet.name).toBe("Inscriptions");
    expect(rows[0]).toEqual(["Inscription", "Apprenant", "E-mail", "Statut", "Inscrit le", "Terminée le", "Dernière activité", "Progression (%)", "Catégorie de stagiaire", "Financement"]);
    const enrolledAt = sheet.getRow(2).getCell(5);
    expect(enrolledAt.value).toBeInstanceOf(Date);
    expect((enrolledAt.value as Date).toISOString()).toBe("2020-03-15T00:30:00.000Z");
    expect(enrolledAt.numFmt).toBe("dd/mm/yyyy hh:mm");
    expect(sheet.getRow(2).getCell(8).value).toBe(0);
    expect(sheet.getRow(2).getCell(4).value).toBe("En cours");
  });

  it("format or separator outside the list: 400", async () => {
    expect((await fetchBytes(w.api, "GET", `${url()}?format=pdf`, { tenant: "acme", token: w.tok.admin })).status).toBe(400);
    expect((await fetchBytes(w.api, "GET", `${url()}?separator=x`, { tenant: "acme", token: w.tok.admin })).status).toBe(400);
  });
});

describe("BPF trainees export", () => {
  it("CSV: the spec's columns, `;` and decimal commas (1,5 h; 123,45 €)", async () => {
    const res = await fetchBytes(w.api, "GET", `/bpf/year/${Y}/export-csv`, { tenant: "acme", token: w.tok.admin });
    expect(res.status).toBe(200);
    const rows = readFrenchCsv(res.bytes);
    expect(rows[0]!.slice(0, 5)).toEqual(["traineeId", "category", "hours", "financingSource", "amountHT"]);
    expect(rows.map((r) => r.slice(0, 5))).toContainEqual([ids.user, "SAL", "1,5", "OPCO", "123,45"]);
  });

  it("CSV with separator `,`: decimal points", async () => {
    const res = await fetchBytes(w.api, "GET", `/bpf/year/${Y}/export-csv?separator=${encodeURIComponent(",")}`, { tenant: "acme", token: w.tok.admin });
    const rows = readFrenchCsv(res.bytes, ",");
    expect(rows.map((r) => r.slice(0, 5))).toContainEqual([ids.user, "SAL", "1.5", "OPCO", "123.45"]);
  });

  it("XLSX: French headers, words for the codes, hours and amounts as numbers", async () => {
    const res = await fetchBytes(w.api, "GET", `/bpf/year/${Y}/export-csv?format=xlsx`, { tenant: "acme", token: w.tok.admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(XLSX_TYPE);
    expect(res.headers.get("content-disposition")).toContain("bpf-2020.xlsx");
    const { rows } = await openXlsx(res.bytes);
    expect(rows[0]).toEqual(["Identifiant stagiaire", "Catégorie de stagiaire", "Heures de formation", "Financement", "Montant HT (€)", "Stagiaire", "Formation", "Cadre", "Facture"]);
    expect(rows.map((r) => r.slice(0, 5))).toContainEqual([ids.user, "Salarié d'un employeur privé", 1.5, "OPCO", 123.45]);
  });
});
