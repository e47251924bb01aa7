import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../helpers/api";
import { fetchBytes, isPdf, pdfImageList, pdfPages, pdfText } from "../helpers/documents";
import { seedDemoData, tokenFor } from "../factories";

let api: TestApi;
const tok: Record<string, string> = {};

beforeAll(async () => {
  api = await startApi({ demo: true });
  for (const t of ["acme", "globex"]) tok[t] = await tokenFor(api, t, "admin");
});
afterAll(() => api.close());

type Summary = { id: string; status: string; title: string; scheduledAt: string };
/** The demo's recent sessions (the BPF seed adds a day of last year to acme: server/seed/bpf.ts). */
const recent = (s: Summary) => Date.now() - new Date(s.scheduledAt).getTime() < 30 * 86_400_000;

describe("demo live sessions (conventions §11)", () => {
  for (const tenant of ["acme", "globex"]) {
    it(`${tenant}: two past sessions with every method, one LIVE and upcoming ones; the demo chain verifies`, async () => {
      const res = await api.call("GET", "/sessions?limit=100", { tenant, token: tok[tenant] });
      expect(res.status).toBe(200);
      const sessions = (res.body.data as Summary[]).filter(recent);
      const byStatus = (s: string) => sessions.filter((x) => x.status === s);
      expect(byStatus("ENDED")).toHaveLength(2);
      expect(byStatus("LIVE")).toHaveLength(1);
      expect(byStatus("SCHEDULED").length).toBeGreaterThanOrEqual(2);

      const methods = new Set<string>();
      for (const s of byStatus("ENDED")) {
        const records = await api.call("GET", `/emargement/${s.id}`, { tenant, token: tok[tenant] });
        expect(records.status).toBe(200);
        expect(records.body.data.length).toBeGreaterThan(0);
        for (const r of records.body.data as { method: string; sealedHash: string }[]) {
          methods.add(r.method);
          expect(r.sealedHash).toMatch(/^sha256:[0-9a-f]{64}$/);
        }
        const verify = await api.call("GET", `/qualiopi/emargement/${s.id}/verify`, { tenant, token: tok[tenant] });
        expect(verify.body.data).toEqual({ valid: true, checked: records.body.data.length, brokenAt: null });
      }
      expect([...methods].sort()).toEqual(["AUTO", "CANVAS", "OVERRIDE", "PIN", "QR", "QR_CODE"]);

      const [full] = byStatus("ENDED").filter((s) => s.title.includes("journée 1"));
      const slots = await api.call("GET", `/qualiopi/emargement/slots/${full!.id}`, { tenant, token: tok[tenant] });
      expect(slots.body.data).toHaveLength(2);
      expect(slots.body.data[0].signatures.some((x: { role: string }) => x.role === "TRAINER")).toBe(true);
      const roster = await api.call("GET", `/qualiopi/emargement/${full!.id}`, { tenant, token: tok[tenant] });
      // Lucas Moreau's minutes-only correction (235 of 480) is honoured (issue #20 item 2): he attended
      // the morning and missed the afternoon, so he reads LEFT_EARLY; the two others are PRESENT.
      expect(roster.body.data.summary).toMatchObject({
        expected: 3,
        present: 3,
        absent: 0,
        byStatus: { PRESENT: 2, LATE: 0, LEFT_EARLY: 1, ABSENT: 0, EXCUSED_ABSENCE: 0, NOT_YET: 0 },
        attendanceMinutes: 480 + 235 + 480,
      });
      const learners = roster.body.data.learners as { lastName: string; status: string; attendanceMinutes: number }[];
      expect(learners.map((l) => [l.lastName, l.status, l.attendanceMinutes]).sort()).toEqual(
        [
          ["Moreau", "LEFT_EARLY", 235],
          ...learners.filter((l) => l.lastName !== "Moreau").map((l) => [l.lastName, "PRESENT", 480]),
        ].sort(),
      );
    });
  }

  for (const tenant of ["acme", "globex"]) {
    it(`${tenant}: the past sessions' sheets print the drawn demo signatures as images, never "image indisponible"`, async () => {
      const sessions = ((await api.call("GET", "/sessions?limit=100&status=ENDED", { tenant, token: tok[tenant] })).body.data as Summary[]).filter(recent);
      expect(sessions).toHaveLength(2);
      for (const s of sessions) {
        const records = (await api.call("GET", `/emargement/${s.id}`, { tenant, token: tok[tenant] })).body.data as { method: string; signatureUrl: string | null }[];
        const drawn = records.filter((r) => r.method === "CANVAS");
        expect(drawn.length).toBeGreaterThan(0);
        // Each stored image is a real PNG of a drawn stroke (not a placeholder pixel).
        const png = await fetchBytes(api, "GET", drawn[0]!.signatureUrl!, { tenant, token: tok[tenant] });
        expect(png.status).toBe(200);
        expect(png.bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
        expect([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)]).toEqual([320, 110]);

        const pdf = await fetchBytes(api, "GET", `/emargement/${s.id}/pdf`, { tenant, token: tok[tenant] });
        expect(pdf.status).toBe(200);
        expect(isPdf(pdf.bytes)).toBe(true);
        expect(pdfText(pdf.bytes)).not.toMatch(/indisponible/);
        const images = pdfImageList(pdf.bytes).filter((i) => i.type === "image");
        // Each page carries the verification block's QR code (server/services/verification: 192 px); every
        // other image is a drawn signature (320 × 110), and every drawn signature is printed (the full-day
        // sheet repeats the trainer's and learners' per slot page).
        const pages = pdfPages(pdf.bytes).map((_, i) => i + 1);
        const qr = images.filter((i) => i.width === 192 && i.height === 192);
        expect(qr.map((i) => i.page).sort((a, b) => a - b), s.title).toEqual(pages);
        const signatures = images.filter((i) => !qr.includes(i));
        expect(signatures.length, s.title).toBeGreaterThanOrEqual(drawn.length);
        for (const i of signatures) expect([i.width, i.height]).toEqual([320, 110]);
      }
    });
  }

  it("seeding again adds nothing", async () => {
    const before = (await api.call("GET", "/sessions?limit=100", { tenant: "acme", token: tok.acme })).body.meta.total;
    await seedDemoData(api.db);
    expect((await api.call("GET", "/sessions?limit=100", { tenant: "acme", token: tok.acme })).body.meta.total).toBe(before);
  });
});
