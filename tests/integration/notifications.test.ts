import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorld, HOUR, type World } from "../helpers/attendance";
import { expectError } from "../helpers/rest";

/**
 * In-app notifications (issue #11 item 1: "CRITICAL also notifies admins in the app as it
 * happens"): written with the complaint, read by the bell's poll, each member's own only.
 */

let w: World;
beforeAll(async () => {
  w = await startWorld();
}, 120_000);
afterAll(() => w.close());

const NTF = /^ntf_[a-z0-9]{24}$/;
const unread = async (token: string) => {
  const res = await w.call("GET", "/notifications/unread-count", token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.unread as number;
};
const critical = async (subject: string) => {
  const res = await w.call("POST", "/complaints", w.tok.admin, { subject, description: "Plus aucun accès aux modules.", category: "COURSE_QUALITY", severity: "CRITICAL", channel: "PHONE", name: "Claire Martin", email: "claire@example.com" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; slaDueAt: string };
};

describe("notifications", () => {
  it("a CRITICAL complaint notifies every ACTIVE ADMIN in the app at once, with its SLA and a link; nobody else", async () => {
    const before = await unread(w.tok.admin);
    // globex's admin may have notifications of their own (the demo seed's complaints): none more after acme's.
    const globexBefore = await w.api.call("GET", "/notifications/unread-count", { tenant: "globex", token: w.tok.globexAdmin });
    const c = await critical("Plateforme inaccessible");
    expect(await unread(w.tok.admin)).toBe(before + 1);
    const list = await w.call("GET", "/notifications?unread=true&perPage=5", w.tok.admin);
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toEqual({
      id: expect.stringMatching(NTF),
      kind: "complaint.critical",
      vars: { subject: "Plateforme inaccessible", slaDueAt: c.slaDueAt },
      link: `/quality?complaint=${c.id}`,
      subjectId: c.id,
      readAt: null,
      createdAt: w.now().toISOString(),
    });
    expect(new Date(c.slaDueAt).getTime() - w.now().getTime()).toBe(24 * HOUR);
    for (const who of ["creator", "learner", "trainer", "finance"]) {
      const other = await w.call("GET", "/notifications", w.tok[who]);
      expect(other.status).toBe(200);
      expect(other.body.data.filter((n: { subjectId: string }) => n.subjectId === c.id)).toEqual([]);
    }
    const globex = await w.api.call("GET", "/notifications/unread-count", { tenant: "globex", token: w.tok.globexAdmin });
    expect(globex.body.data).toEqual(globexBefore.body.data);
  });

  it("LOW, MEDIUM and HIGH complaints notify by e-mail only", async () => {
    const before = await unread(w.tok.admin);
    for (const severity of ["LOW", "MEDIUM", "HIGH"]) {
      const res = await w.call("POST", "/complaints", undefined, { subject: `Sujet ${severity}`, description: "Détail.", category: "OTHER", severity, name: "Claire", email: "c@example.com" });
      expect(res.status).toBe(201);
    }
    expect(await unread(w.tok.admin)).toBe(before);
  });

  it("mark read: idempotent, keeps the first readAt; the unread filter and count follow", async () => {
    await critical("Coupure du service");
    const [n] = (await w.call("GET", "/notifications?unread=true&perPage=1", w.tok.admin)).body.data;
    const before = await unread(w.tok.admin);
    const first = await w.call("POST", `/notifications/${n.id}/read`, w.tok.admin);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toEqual({ id: n.id, readAt: w.now().toISOString() });
    await w.advance(3600);
    const again = await w.call("POST", `/notifications/${n.id}/read`, w.tok.admin);
    expect(again.body.data.readAt).toBe(first.body.data.readAt);
    expect(await unread(w.tok.admin)).toBe(before - 1);
    const unreadIds = (await w.call("GET", "/notifications?unread=true&perPage=100", w.tok.admin)).body.data.map((x: { id: string }) => x.id);
    expect(unreadIds).not.toContain(n.id);
  });

  it("read-all marks every unread one and says how many", async () => {
    await critical("Incident 1");
    await critical("Incident 2");
    const before = await unread(w.tok.admin);
    expect(before).toBeGreaterThanOrEqual(2);
    const res = await w.call("POST", "/notifications/read-all", w.tok.admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ marked: before });
    expect(await unread(w.tok.admin)).toBe(0);
  });

  it("another member's or another tenant's notification is 404; no token is 401; bad query is 400", async () => {
    await w.advance(60);
    await critical("Incident isolé");
    const [n] = (await w.call("GET", "/notifications?perPage=1", w.tok.admin)).body.data;
    expectError(await w.call("POST", `/notifications/${n.id}/read`, w.tok.creator), 404, "Notification not found");
    expectError(await w.api.call("POST", `/notifications/${n.id}/read`, { tenant: "globex", token: w.tok.globexAdmin }), 404, "Notification not found");
    expectError(await w.call("GET", "/notifications"), 401);
    expectError(await w.call("GET", "/notifications/unread-count"), 401);
    expect((await w.call("GET", "/notifications?perPage=500", w.tok.admin)).status).toBe(400);
    expect((await w.call("GET", "/notifications?unread=maybe", w.tok.admin)).status).toBe(400);
    const fresh = await w.call("GET", `/notifications?perPage=1`, w.tok.admin);
    expect(fresh.body.data[0].readAt).toBeNull();
  });
});
