import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Logger } from "drizzle-orm";
import { and, eq, inArray } from "drizzle-orm";
import { mailOutbox } from "../../server/db/schema";
import { forTenant } from "../../server/db/tenant-scope";
import { mailerFor } from "../../server/services/mail";
import { startApi, type TestApi } from "../helpers/api";
import { createMember, tokenFor } from "../factories";
import { tenantBySlug } from "../helpers/rest";

/**
 * A fan-out of tenant mails (the staff alert of a complaint, to every ADMIN, and the
 * complainant's acknowledgement, in one transaction) reads the tenant's branding once, not once
 * per mail; the next fan-out reads it afresh, and a mailer never serves one tenant's brand to another.
 */
const recorded: string[] = [];
let recording = false;
const logger: Logger = {
  logQuery(query) {
    if (recording) recorded.push(query);
  },
};
/** The branding read of services/mail/layout.ts (mailBrandOf). */
const readsBranding = (q: string) => /^select .*"branding".* from "tenants"/i.test(q);

let api: TestApi;
let acmeId: string;
let globexId: string;
let admin: string;
const ADMINS = ["fanout.a@acme.test", "fanout.b@acme.test", "fanout.c@acme.test"];

beforeAll(async () => {
  api = await startApi({ demo: true, logger });
  acmeId = (await tenantBySlug(api, "acme")).id;
  globexId = (await tenantBySlug(api, "globex")).id;
  for (const email of ADMINS) await createMember(api.db, acmeId, "ADMIN", email);
  admin = await tokenFor(api, "acme", "admin");
}, 120_000);
afterAll(() => api.close());

async function fileComplaint(subject: string) {
  recorded.length = 0;
  recording = true;
  const res = await api.call("POST", "/complaints", {
    tenant: "acme",
    body: { subject, description: "Le support n'est jamais arrivé.", category: "COURSE_QUALITY", name: "Claire Martin", email: "claire.fanout@example.com" },
  });
  recording = false;
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const mails = await api.db.select().from(mailOutbox).where(and(eq(mailOutbox.tenantId, acmeId), inArray(mailOutbox.template, ["complaint-received", "complaint-acknowledged"])));
  return { statements: [...recorded], mails: mails.filter((m) => m.subject.includes(subject)), notified: res.body.data.notifiedAdmins as string[] };
}

describe("branding read once per fan-out", () => {
  it("a complaint mails every ADMIN (4) and the complainant with one branding read", async () => {
    const { statements, mails, notified } = await fileComplaint("Support absent 1");
    expect(notified.length).toBeGreaterThanOrEqual(4);
    expect(mails).toHaveLength(notified.length + 1);
    expect(statements.filter(readsBranding)).toHaveLength(1);
    for (const m of mails) expect(m.html).toContain("<span>Acme Formation</span>");
  });

  it("the next fan-out reads the branding again: a new display name shows at once", async () => {
    const patched = await api.call("PATCH", `/tenants/${acmeId}`, { tenant: "acme", token: admin, body: { branding: { displayName: "Acme Académie" } } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const { statements, mails } = await fileComplaint("Support absent 2");
    expect(statements.filter(readsBranding)).toHaveLength(1);
    expect(mails.length).toBeGreaterThanOrEqual(5);
    for (const m of mails) expect(m.html).toContain("<span>Acme Académie</span>");
    const ack = mails.find((m) => m.template === "complaint-acknowledged")!;
    expect(ack.text).toMatch(/Cordialement,\nAcme Académie$/);
  });

  it("two mailers in one transaction, one per tenant, each read their own tenant's brand", async () => {
    const ids = await api.db.transaction(async (tx) => {
      const acme = mailerFor(tx, forTenant(acmeId));
      const globex = mailerFor(tx, forTenant(globexId));
      const vars = { firstName: "Lina", inviterName: "Claire", link: "http://x.localhost/accept-invite?token=t" };
      return [
        await acme({ to: "one@fanout.test", template: "invitation", locale: "fr", vars }),
        await globex({ to: "two@fanout.test", template: "invitation", locale: "fr", vars }),
        await acme({ to: "three@fanout.test", template: "invitation", locale: "fr", vars }),
      ];
    });
    const rows = await api.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    const subjectOf = (to: string) => rows.find((r) => r.to === to)!.subject;
    expect(subjectOf("one@fanout.test")).toBe("Invitation à rejoindre Acme Académie");
    expect(subjectOf("three@fanout.test")).toBe("Invitation à rejoindre Acme Académie");
    expect(subjectOf("two@fanout.test")).toBe(`Invitation à rejoindre ${(await tenantBySlug(api, "globex")).name}`);
  });
});
