import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../helpers/api";
import { seedDemoData, tokenFor } from "../factories";

let api: TestApi;
const tok: Record<string, string> = {};

beforeAll(async () => {
  api = await startApi();
  await seedDemoData(api.db);
  for (const t of ["acme", "globex"]) tok[t] = await tokenFor(api, t, "admin");
});
afterAll(() => api.close());

type Summary = { id: string; status: string; title: string };

describe("demo live sessions (conventions §11)", () => {
  for (const tenant of ["acme", "globex"]) {
    it(`${tenant}: two past sessions with every method, one LIVE and upcoming ones; the demo chain verifies`, async () => {
      const res = await api.call("GET", "/sessions?limit=100", { tenant, token: tok[tenant] });
      expect(res.status).toBe(200);
      const sessions = res.body.data as Summary[];
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
      expect(roster.body.data.summary).toEqual({ expected: 3, present: 3, absent: 0 });
    });
  }

  it("seeding again adds nothing", async () => {
    const before = (await api.call("GET", "/sessions?limit=100", { tenant: "acme", token: tok.acme })).body.meta.total;
    await seedDemoData(api.db);
    expect((await api.call("GET", "/sessions?limit=100", { tenant: "acme", token: tok.acme })).body.meta.total).toBe(before);
  });
});
