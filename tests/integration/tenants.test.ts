import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollments, funders, memberships, payments } from "../../server/db/schema";
import { startApi, type TestApi } from "../helpers/api";
import { createMember, login, tokenFor } from "../factories";
import { auditRows, eventRows, expectError, expectUnknownFields, expectValidation, membershipOf, outbox, tenantBySlug, userByEmail } from "../helpers/rest";

let api: TestApi;
let acme: Awaited<ReturnType<typeof tenantBySlug>>;
let globex: Awaited<ReturnType<typeof tenantBySlug>>;
let admin: string;
let creator: string;
let platform: string;
beforeAll(async () => {
  api = await startApi({ demo: true });
  acme = await tenantBySlug(api, "acme");
  globex = await tenantBySlug(api, "globex");
  admin = await tokenFor(api, "acme", "admin");
  creator = await tokenFor(api, "acme", "creator");
  // The platform administrator logs in on the root domain (no tenant).
  platform = (await login(api, "", "platform@admin.test")).accessToken;
});
afterAll(() => api.close());

const TENANT_KEYS = ["id", "slug", "name", "ofMode", "authMode", "status", "branding", "domain", "auth", "integrations", "createdAt", "updatedAt"].sort();

describe("GET /tenants/me", () => {
  it("answers the token's active tenant, whatever X-Tenant-ID says", async () => {
    const res = await api.call("GET", "/tenants/me", { tenant: "globex", token: admin });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(TENANT_KEYS);
    expect(res.body.data).toMatchObject({
      id: acme.id,
      slug: "acme",
      name: "Acme Formation",
      ofMode: true,
      authMode: "PASSWORD",
      branding: { displayName: "Acme Formation", primaryColor: "#1d4ed8", logoUrl: null },
      domain: null,
      auth: { mode: "PASSWORD", oidc: null },
    });
    const noHeader = await api.call("GET", "/tenants/me", { token: admin });
    expect(noHeader.body.data.id).toBe(acme.id);
  });

  it("answers 401 without a token and 404 without an active tenant", async () => {
    expectError(await api.call("GET", "/tenants/me", { tenant: "acme" }), 401, "Unauthorized");
    expectError(await api.call("GET", "/tenants/me", { token: platform }), 404, /No active tenant/);
  });
});

describe("GET /tenants/me/branding", () => {
  it("answers the active tenant's branding", async () => {
    const res = await api.call("GET", "/tenants/me/branding", { token: creator });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { displayName: "Acme Formation", primaryColor: "#1d4ed8", logoUrl: null } });
    expectError(await api.call("GET", "/tenants/me/branding"), 401);
  });
});

describe("GET /tenants/{slug} (public)", () => {
  it("answers the public profile without auth: name, branding and auth mode only", async () => {
    const res = await api.call("GET", "/tenants/globex");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { id: globex.id, slug: "globex", name: "Globex Training", branding: { displayName: "Globex Training", primaryColor: "#047857", logoUrl: null }, authMode: "PASSWORD", status: "ACTIVE", timeZone: "Europe/Paris" },
    });
    expect((await api.call("GET", "/tenants/GLOBEX")).body.data.slug).toBe("globex");
  });

  it("answers 404 for an unknown slug", async () => {
    expectError(await api.call("GET", "/tenants/no-such-tenant"), 404, "Tenant not found");
  });
});

describe("PATCH /tenants/{id}", () => {
  it("updates name and branding (by id or slug); slug is ignored; audited", async () => {
    const res = await api.call("PATCH", `/tenants/${acme.id}`, {
      tenant: "acme",
      token: admin,
      body: { name: "Acme Formation Pro", slug: "hijacked", branding: { primaryColor: "#b91c1c", logoUrl: "https://cdn.acme.test/logo.png" }, integrations: { crm: { enabled: true } } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: acme.id,
      slug: "acme",
      name: "Acme Formation Pro",
      branding: { displayName: "Acme Formation", primaryColor: "#b91c1c", logoUrl: "https://cdn.acme.test/logo.png" },
      integrations: { crm: { enabled: true } },
    });
    expect((await tenantBySlug(api, "acme")).slug).toBe("acme");
    expect((await api.call("GET", "/tenants/hijacked")).status).toBe(404);
    expect((await api.call("GET", "/tenants/me/branding", { token: admin })).body.data.primaryColor).toBe("#b91c1c");

    const bySlug = await api.call("PATCH", "/tenants/acme", { tenant: "acme", token: admin, body: { branding: { displayName: "Acme" } } });
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.data.branding).toEqual({ displayName: "Acme", primaryColor: "#b91c1c", logoUrl: "https://cdn.acme.test/logo.png" });

    const audit = await auditRows(api, "tenant.updated", { tenantId: acme.id });
    expect(audit).toHaveLength(2);
    expect(audit.map((a) => a.metadata.fields)).toContainEqual(["name", "branding", "integrations"]);
  });

  it("answers 400 for invalid fields, with the errors map", async () => {
    expectValidation(await api.call("PATCH", `/tenants/${acme.id}`, { tenant: "acme", token: admin, body: { branding: { primaryColor: "red" } } }), ["branding.primaryColor"]);
    expectValidation(await api.call("PATCH", `/tenants/${acme.id}`, { tenant: "acme", token: admin, body: { domain: "not a domain" } }), ["domain"]);
    expectValidation(await api.call("PATCH", `/tenants/${acme.id}`, { tenant: "acme", token: admin, body: { name: "x" } }), ["name"]);
    expectUnknownFields(await api.call("PATCH", `/tenants/${acme.id}`, { tenant: "acme", token: admin, body: { ofMode: false, aiCredits: 999999 } }), ["ofMode", "aiCredits"]);
    expect((await tenantBySlug(api, "acme")).aiCredits).toBe(1000);
  });

  it("sets a domain; 409 when another tenant uses it", async () => {
    const own = await api.call("PATCH", `/tenants/${acme.id}`, { tenant: "acme", token: admin, body: { domain: "Formation.Acme.fr" } });
    expect(own.status).toBe(200);
    expect(own.body.data.domain).toBe("formation.acme.fr");
    const globexAdmin = await tokenFor(api, "globex", "admin");
    expectError(await api.call("PATCH", `/tenants/${globex.id}`, { tenant: "globex", token: globexAdmin, body: { domain: "formation.acme.fr" } }), 409, "Domain already used");
    expect((await tenantBySlug(api, "globex")).domain).toBeNull();
  });

  it("answers 401, 403 for a non-admin, 404 for another tenant's id", async () => {
    expectError(await api.call("PATCH", `/tenants/${acme.id}`, { tenant: "acme", body: { name: "Nope" } }), 401);
    expectError(await api.call("PATCH", `/tenants/${acme.id}`, { tenant: "acme", token: creator, body: { name: "Nope" } }), 403, "Forbidden: ADMIN required");
    expectError(await api.call("PATCH", `/tenants/${globex.id}`, { tenant: "acme", token: admin, body: { name: "Hacked" } }), 404, "Tenant not found");
    expect((await tenantBySlug(api, "globex")).name).toBe("Globex Training");
  });
});

describe("PATCH /tenants/me/of-mode", () => {
  it("turns OF mode off and on again (ADMIN), audited", async () => {
    const off = await api.call("PATCH", "/tenants/me/of-mode", { token: admin, body: { enabled: false } });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ id: acme.id, ofMode: false });
    expect((await tenantBySlug(api, "acme")).ofMode).toBe(false);
    const on = await api.call("PATCH", "/tenants/me/of-mode", { token: admin, body: { enabled: true } });
    expect(on.body.data.ofMode).toBe(true);
    const audit = await auditRows(api, "tenant.of_mode_changed", { tenantId: acme.id });
    expect(audit.map((a) => a.metadata.enabled).sort()).toEqual([false, true]);
  });

  it("answers 400 for a missing field, 401 without a token, 403 for a non-admin", async () => {
    expectValidation(await api.call("PATCH", "/tenants/me/of-mode", { token: admin, body: {} }), ["enabled"]);
    expectError(await api.call("PATCH", "/tenants/me/of-mode", { body: { enabled: false } }), 401);
    expectError(await api.call("PATCH", "/tenants/me/of-mode", { token: creator, body: { enabled: false } }), 403, "Forbidden: ADMIN required");
    expect((await tenantBySlug(api, "acme")).ofMode).toBe(true);
  });
});

/** Query values parse through the contracts' z.coerce; JSON bodies keep their types (server/http/rest-routes.ts). */
describe("REST body booleans are not coerced from strings", () => {
  it("PATCH /tenants/me/of-mode {enabled: \"false\"} answers 400 and changes nothing", async () => {
    await api.call("PATCH", "/tenants/me/of-mode", { token: admin, body: { enabled: false } });
    const res = await api.call("PATCH", "/tenants/me/of-mode", { token: admin, body: { enabled: "false" } });
    const ofMode = (await tenantBySlug(api, "acme")).ofMode;
    await api.call("PATCH", "/tenants/me/of-mode", { token: admin, body: { enabled: true } });
    expect(ofMode).toBe(false);
    expectValidation(res, ["enabled"]);
  });

  it("PATCH /tenants/me/of-mode {enabled: null} answers 400 and changes nothing", async () => {
    const res = await api.call("PATCH", "/tenants/me/of-mode", { token: admin, body: { enabled: null } });
    const ofMode = (await tenantBySlug(api, "acme")).ofMode;
    await api.call("PATCH", "/tenants/me/of-mode", { token: admin, body: { enabled: true } });
    expect(ofMode).toBe(true);
    expectValidation(res, ["enabled"]);
  });
});

describe("GET /tenants/{id}/stats", () => {
  it("answers totals of users, courses and payments for the caller's tenant", async () => {
    const res = await api.call("GET", `/tenants/${acme.id}/stats`, { tenant: "acme", token: admin });
    expect(res.status).toBe(200);
    // The demo's payments (seed/payments.ts: both gateways, captured, partly refunded, failed), counted here from the rows.
    const rows = await api.db.select({ status: payments.status, amount: payments.amount }).from(payments).where(eq(payments.tenantId, acme.id));
    const captured = rows.filter((r) => r.status === "CAPTURED");
    expect(rows.length).toBeGreaterThan(captured.length);
    expect(captured.length).toBeGreaterThan(0);
    expect(res.body).toEqual({
      data: {
        users: { total: 8, byRole: { ADMIN: 1, CREATOR: 1, TRAINER: 1, LEARNER: 3, FINANCIER: 1, FUNDER: 1 } },
        courses: { total: 4, published: 2 },
        payments: { total: rows.length, captured: captured.length, capturedAmountCents: captured.reduce((sum, r) => sum + r.amount, 0) },
      },
    });
    expect((await api.call("GET", "/tenants/acme/stats", { tenant: "acme", token: admin })).body).toEqual(res.body);
  });

  it("counts ACTIVE members only: an invited or suspended member is not an active member", async () => {
    const before = (await api.call("GET", `/tenants/${acme.id}/stats`, { tenant: "acme", token: admin })).body.data.users;
    await createMember(api.db, acme.id, "LEARNER", "stats-invited@acme.test", "INVITED");
    await createMember(api.db, acme.id, "TRAINER", "stats-suspended@acme.test", "SUSPENDED");
    await createMember(api.db, acme.id, "LEARNER", "stats-active@acme.test", "ACTIVE");
    const after = (await api.call("GET", `/tenants/${acme.id}/stats`, { tenant: "acme", token: admin })).body.data.users;
    expect(after.total).toBe(before.total + 1);
    expect(after.byRole).toEqual({ ...before.byRole, LEARNER: before.byRole.LEARNER + 1 });
  });

  it("answers 401, 403 for a non-admin, 404 for another tenant", async () => {
    expectError(await api.call("GET", `/tenants/${acme.id}/stats`, { tenant: "acme" }), 401);
    expectError(await api.call("GET", `/tenants/${acme.id}/stats`, { tenant: "acme", token: creator }), 403, "Forbidden: ADMIN required");
    expectError(await api.call("GET", `/tenants/${globex.id}/stats`, { tenant: "acme", token: admin }), 404, "Tenant not found");
  });
});

describe("POST /tenants/{id}/reseed-funders", () => {
  it("adds the missing standard funders; a second call creates none", async () => {
    // the demo links members and enrollments to their funder: unlink them so the funders can go
    await api.db.update(memberships).set({ funderId: null }).where(eq(memberships.tenantId, acme.id));
    await api.db.update(enrollments).set({ funderId: null }).where(eq(enrollments.tenantId, acme.id));
    await api.db.delete(funders).where(eq(funders.tenantId, acme.id));
    const first = await api.call("POST", `/tenants/${acme.id}/reseed-funders`, { tenant: "acme", token: admin });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: { created: 14, total: 14 } });
    const second = await api.call("POST", `/tenants/${acme.id}/reseed-funders`, { tenant: "acme", token: admin });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ data: { created: 0, total: 14 } });
    expect(await api.db.select().from(funders).where(eq(funders.tenantId, globex.id))).toHaveLength(14);
  });

  it("answers 401, 403 for a non-admin, 404 for another tenant", async () => {
    expectError(await api.call("POST", `/tenants/${acme.id}/reseed-funders`, { tenant: "acme" }), 401);
    expectError(await api.call("POST", `/tenants/${acme.id}/reseed-funders`, { tenant: "acme", token: creator }), 403);
    expectError(await api.call("POST", `/tenants/${globex.id}/reseed-funders`, { tenant: "acme", token: admin }), 404);
  });
});

describe("POST /tenants/{id}/service-api-key", () => {
  it("answers 401, 403 for a non-admin, 404 for another tenant", async () => {
    expectError(await api.call("POST", `/tenants/${acme.id}/service-api-key`, { tenant: "acme" }), 401);
    expectError(await api.call("POST", `/tenants/${acme.id}/service-api-key`, { tenant: "acme", token: creator }), 403);
    expectError(await api.call("POST", `/tenants/${globex.id}/service-api-key`, { tenant: "acme", token: admin }), 404);
  });
});

describe("POST /tenants (platform administrators)", () => {
  it("creates a tenant with a slug derived from the name and invites its admin", async () => {
    const res = await api.call("POST", "/tenants", {
      token: platform,
      body: { name: "Île de Formation", branding: { primaryColor: "#123456" }, admin: { email: "boss@ile.test", firstName: "Bea", lastName: "Boss" } },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.data).sort()).toEqual(TENANT_KEYS);
    expect(res.body.data).toMatchObject({
      id: expect.stringMatching(/^ten_[a-z0-9]{24}$/),
      slug: "ile-de-formation",
      name: "Île de Formation",
      ofMode: true,
      authMode: "PASSWORD",
      branding: { displayName: "Île de Formation", primaryColor: "#123456", logoUrl: null },
    });
    const boss = await userByEmail(api, "boss@ile.test");
    expect(await membershipOf(api, res.body.data.id, boss!.id)).toMatchObject({ role: "ADMIN", status: "INVITED" });
    const [mail] = await outbox(api, "boss@ile.test");
    expect(mail).toMatchObject({ template: "invitation" });
    expect(mail!.text).toMatch(/http:\/\/ile-de-formation\.localhost:3000\/accept-invite\?token=/);
    expect(await eventRows(api, res.body.data.id, "user.created")).toHaveLength(1);
    expect(await auditRows(api, "tenant.created", { tenantId: res.body.data.id })).toHaveLength(1);
    expect((await api.call("GET", "/tenants/ile-de-formation")).status).toBe(200);
  });

  it("accepts an explicit slug, ofMode, authMode and domain", async () => {
    const res = await api.call("POST", "/tenants", { token: platform, body: { name: "Umbrella", slug: "umbrella-corp", ofMode: false, authMode: "HEADLESS", domain: "learn.umbrella.fr" } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ slug: "umbrella-corp", name: "Umbrella", ofMode: false, authMode: "HEADLESS", domain: "learn.umbrella.fr", auth: { mode: "HEADLESS", oidc: null } });
    expect((await api.call("GET", "/tenants/umbrella-corp")).body.data.authMode).toBe("HEADLESS");
  });

  it("answers 409 for a slug or a domain in use", async () => {
    expectError(await api.call("POST", "/tenants", { token: platform, body: { name: "Acme" } }), 409, "Slug already used");
    expectError(await api.call("POST", "/tenants", { token: platform, body: { name: "Other", slug: "umbrella-corp" } }), 409, "Slug already used");
    expectError(await api.call("POST", "/tenants", { token: platform, body: { name: "Other Co", domain: "learn.umbrella.fr" } }), 409, "Domain already used");
    expect((await api.call("GET", "/tenants/other-co")).status).toBe(404);
  });

  it("answers 400 for an invalid slug (or a reserved one) and an invalid domain", async () => {
    expectValidation(await api.call("POST", "/tenants", { token: platform, body: { name: "Bad", slug: "Bad Slug!" } }), ["slug"]);
    expectValidation(await api.call("POST", "/tenants", { token: platform, body: { name: "Bad", slug: "-bad" } }), ["slug"]);
    expectValidation(await api.call("POST", "/tenants", { token: platform, body: { name: "Api" } }), ["slug"]);
    expectValidation(await api.call("POST", "/tenants", { token: platform, body: { name: "Bad", domain: "http://x" } }), ["domain"]);
    expectValidation(await api.call("POST", "/tenants", { token: platform, body: {} }), ["name"]);
    expectUnknownFields(await api.call("POST", "/tenants", { token: platform, body: { name: "Bad", id: "ten_mine", aiCredits: 5 } }), ["id", "aiCredits"]);
  });

  it("answers 401 without a token and 403 for a tenant admin", async () => {
    expectError(await api.call("POST", "/tenants", { body: { name: "Nope Co" } }), 401);
    expectError(await api.call("POST", "/tenants", { tenant: "acme", token: admin, body: { name: "Nope Co" } }), 403, "Forbidden: platform administrator required");
    expect((await api.call("GET", "/tenants/nope-co")).status).toBe(404);
  });
});
