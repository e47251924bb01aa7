import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../helpers/api";
import { expectError } from "../helpers/rest";

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

/** Every operation of the spec's Auth, Tenants and Users tables, plus the conventions' additions. */
const OPERATIONS: { method: string; path: string; status: number }[] = [
  // Auth
  { method: "post", path: "/api/v1/auth/login", status: 200 },
  { method: "post", path: "/api/v1/auth/refresh", status: 200 },
  { method: "post", path: "/api/v1/auth/logout", status: 204 },
  { method: "post", path: "/api/v1/auth/signup/creator", status: 201 },
  { method: "post", path: "/api/v1/auth/signup/learner", status: 201 },
  { method: "post", path: "/api/v1/auth/switch-tenant", status: 200 },
  { method: "post", path: "/api/v1/auth/accept-invite", status: 200 },
  { method: "post", path: "/api/v1/auth/token-exchange", status: 200 },
  { method: "post", path: "/api/v1/auth/oidc/exchange", status: 200 },
  { method: "post", path: "/api/v1/auth/scim/users", status: 201 },
  { method: "delete", path: "/api/v1/auth/scim/users/{externalId}", status: 204 },
  { method: "post", path: "/api/v1/auth/forgot-password", status: 200 },
  { method: "post", path: "/api/v1/auth/reset-password", status: 200 },
  { method: "get", path: "/api/v1/auth/me", status: 200 },
  // Tenants
  { method: "get", path: "/api/v1/tenants/me", status: 200 },
  { method: "patch", path: "/api/v1/tenants/me/of-mode", status: 200 },
  { method: "post", path: "/api/v1/tenants", status: 201 },
  { method: "get", path: "/api/v1/tenants/{id}", status: 200 },
  { method: "patch", path: "/api/v1/tenants/{id}", status: 200 },
  { method: "get", path: "/api/v1/tenants/{id}/stats", status: 200 },
  { method: "post", path: "/api/v1/tenants/{id}/reseed-funders", status: 200 },
  { method: "get", path: "/api/v1/tenants/me/branding", status: 200 },
  { method: "put", path: "/api/v1/tenants/me/logo", status: 200 },
  { method: "delete", path: "/api/v1/tenants/me/logo", status: 200 },
  { method: "get", path: "/api/v1/public/tenants/{slug}/logo", status: 200 },
  { method: "post", path: "/api/v1/tenants/{id}/service-api-key", status: 201 },
  // Users
  { method: "get", path: "/api/v1/users", status: 200 },
  { method: "get", path: "/api/v1/users/me", status: 200 },
  { method: "get", path: "/api/v1/users/{id}", status: 200 },
  { method: "post", path: "/api/v1/users", status: 201 },
  { method: "patch", path: "/api/v1/users/{id}", status: 200 },
  { method: "patch", path: "/api/v1/users/me/preferences", status: 200 },
  // Conventions §8
  { method: "get", path: "/api/v1/dev/outbox", status: 200 },
  // Enrollments (the caller's own list lives at /enrollments/me; the list and PATCH serve the admin screens, conventions §10)
  { method: "post", path: "/api/v1/enrollments", status: 201 },
  { method: "get", path: "/api/v1/enrollments", status: 200 },
  { method: "get", path: "/api/v1/enrollments/me", status: 200 },
  { method: "post", path: "/api/v1/enrollments/me", status: 201 },
  { method: "get", path: "/api/v1/enrollments/me/upcoming-sessions", status: 200 },
  { method: "get", path: "/api/v1/enrollments/{id}", status: 200 },
  { method: "patch", path: "/api/v1/enrollments/{id}", status: 200 },
  { method: "delete", path: "/api/v1/enrollments/{id}", status: 200 },
  { method: "post", path: "/api/v1/enrollments/{id}/suspend", status: 200 },
  { method: "post", path: "/api/v1/enrollments/{id}/reactivate", status: 200 },
  { method: "post", path: "/api/v1/enrollments/{id}/revoke", status: 200 },
  { method: "post", path: "/api/v1/enrollments/{id}/conventions", status: 201 },
  // Conventions de formation (issue #20 item 7)
  { method: "get", path: "/api/v1/conventions", status: 200 },
  { method: "get", path: "/api/v1/conventions/{id}", status: 200 },
  { method: "post", path: "/api/v1/conventions/{id}/send", status: 200 },
  { method: "get", path: "/api/v1/conventions/sign/{token}", status: 200 },
  { method: "post", path: "/api/v1/conventions/sign/{token}", status: 200 },
  { method: "post", path: "/api/v1/enrollments/{id}/progress/{lessonId}", status: 201 },
  { method: "get", path: "/api/v1/enrollments/{id}/progress", status: 200 },
  { method: "post", path: "/api/v1/enrollments/{id}/quiz-attempts/{lessonId}", status: 201 },
  { method: "get", path: "/api/v1/enrollments/{id}/quiz-scores", status: 200 },
  { method: "get", path: "/api/v1/enrollments/{id}/quiz-feedback/{lessonId}", status: 200 },
  { method: "get", path: "/api/v1/enrollments/course/{courseId}/export", status: 200 },
  // Activity log
  { method: "get", path: "/api/v1/courses/{slug}/activity-log", status: 200 },
  { method: "get", path: "/api/v1/enrollments/{id}/activity-log", status: 200 },
  { method: "get", path: "/api/v1/activity-logs", status: 200 },
  // Live sessions (+ /start, /end, /recordings, conventions §9)
  { method: "get", path: "/api/v1/sessions", status: 200 },
  { method: "post", path: "/api/v1/sessions", status: 201 },
  { method: "get", path: "/api/v1/sessions/{id}", status: 200 },
  { method: "patch", path: "/api/v1/sessions/{id}", status: 200 },
  { method: "delete", path: "/api/v1/sessions/{id}", status: 204 },
  { method: "post", path: "/api/v1/sessions/{id}/start", status: 200 },
  { method: "post", path: "/api/v1/sessions/{id}/end", status: 200 },
  { method: "get", path: "/api/v1/sessions/{id}/recordings", status: 200 },
  { method: "post", path: "/api/v1/sessions/{id}/token", status: 200 },
  { method: "get", path: "/api/v1/sessions/{id}/participants", status: 200 },
  { method: "post", path: "/api/v1/sessions/{id}/participants", status: 200 },
  { method: "delete", path: "/api/v1/sessions/{id}/participants/{userId}", status: 204 },
  // Attendance, method endpoints (+ the three the spec only names, and the canvas signatureUrl)
  { method: "post", path: "/api/v1/emargement/sign/qr", status: 201 },
  { method: "post", path: "/api/v1/emargement/sign/pin", status: 201 },
  { method: "post", path: "/api/v1/emargement/sign/canvas", status: 201 },
  { method: "post", path: "/api/v1/emargement/auto", status: 201 },
  { method: "post", path: "/api/v1/emargement/override", status: 201 },
  { method: "get", path: "/api/v1/emargement/{sessionId}", status: 200 },
  { method: "post", path: "/api/v1/emargement/{sessionId}/sign", status: 201 },
  { method: "get", path: "/api/v1/emargement/{sessionId}/pdf", status: 200 },
  { method: "get", path: "/api/v1/emargement/records/{id}/signature", status: 200 },
  { method: "get", path: "/api/v1/emargement/me/open", status: 200 },
  { method: "get", path: "/api/v1/emargement/qr/{qrToken}", status: 200 },
  // Attendance, Qualiopi-module endpoints (+ verify, conventions §7)
  { method: "post", path: "/api/v1/qualiopi/emargement", status: 201 },
  // Documents anyone can verify (issue #20 item 4): public
  { method: "get", path: "/api/v1/verify/{code}", status: 200 },
  { method: "post", path: "/api/v1/qualiopi/emargement/qr-generate/{sessionId}", status: 201 },
  { method: "post", path: "/api/v1/qualiopi/emargement/qr-validate", status: 201 },
  { method: "get", path: "/api/v1/qualiopi/emargement/enrollment/{enrollmentId}", status: 200 },
  { method: "get", path: "/api/v1/qualiopi/emargement/{sessionId}", status: 200 },
  { method: "get", path: "/api/v1/qualiopi/emargement/{sessionId}/sheet", status: 200 },
  { method: "post", path: "/api/v1/qualiopi/emargement/slots/generate", status: 201 },
  { method: "get", path: "/api/v1/qualiopi/emargement/slots/{sessionId}", status: 200 },
  { method: "post", path: "/api/v1/qualiopi/emargement/slots/{slotId}/sign", status: 201 },
  { method: "get", path: "/api/v1/qualiopi/emargement/{id}/seal-certificate", status: 200 },
  { method: "get", path: "/api/v1/qualiopi/emargement/{sessionId}/verify", status: 200 },
  { method: "get", path: "/api/v1/qualiopi/emargement/{sessionId}/attestation/{userId}", status: 200 },
  { method: "post", path: "/api/v1/qualiopi/emargement/{sessionId}/reminders", status: 201 },
  { method: "get", path: "/api/v1/qualiopi/emargement/{sessionId}/reminders", status: 200 },
  // Complaints (+ escalate-mediator and the audit statistics, which the spec only names)
  { method: "get", path: "/api/v1/complaints", status: 200 },
  { method: "get", path: "/api/v1/complaints/stats", status: 200 },
  { method: "get", path: "/api/v1/complaints/{id}", status: 200 },
  { method: "post", path: "/api/v1/complaints", status: 201 },
  { method: "patch", path: "/api/v1/complaints/{id}", status: 200 },
  { method: "post", path: "/api/v1/complaints/{id}/comments", status: 201 },
  { method: "post", path: "/api/v1/complaints/{id}/resolve", status: 200 },
  { method: "post", path: "/api/v1/complaints/{id}/escalate-mediator", status: 200 },
  // Improvement plans (+ action update and completion, closure with report, statistics)
  { method: "get", path: "/api/v1/improvement-plans", status: 200 },
  { method: "get", path: "/api/v1/improvement-plans/stats", status: 200 },
  { method: "get", path: "/api/v1/improvement-plans/{id}", status: 200 },
  { method: "post", path: "/api/v1/improvement-plans", status: 201 },
  { method: "patch", path: "/api/v1/improvement-plans/{id}", status: 200 },
  { method: "delete", path: "/api/v1/improvement-plans/{id}", status: 204 },
  { method: "post", path: "/api/v1/improvement-plans/{id}/actions", status: 201 },
  { method: "patch", path: "/api/v1/improvement-plans/{id}/actions/{actionId}", status: 200 },
  { method: "post", path: "/api/v1/improvement-plans/{id}/actions/{actionId}/complete", status: 200 },
  { method: "post", path: "/api/v1/improvement-plans/{id}/close", status: 200 },
  // In-app notifications (the CRITICAL complaint's alert)
  { method: "get", path: "/api/v1/notifications", status: 200 },
  { method: "get", path: "/api/v1/notifications/unread-count", status: 200 },
  { method: "post", path: "/api/v1/notifications/read-all", status: 200 },
  { method: "post", path: "/api/v1/notifications/{id}/read", status: 200 },
  // Qualiopi tools (publication check, audit export, dashboard)
  { method: "get", path: "/api/v1/qualiopi/check-publication", status: 200 },
  { method: "get", path: "/api/v1/qualiopi/dashboard", status: 200 },
  { method: "get", path: "/api/v1/qualiopi/courses/{courseId}/dashboard", status: 200 },
  { method: "get", path: "/api/v1/qualiopi/courses/{courseId}/audit-export/preview", status: 200 },
  { method: "get", path: "/api/v1/qualiopi/courses/{courseId}/audit-export", status: 200 },
  // Adaptive paths and positioning quiz (+ the individual path per enrollment, named by its cost)
  { method: "get", path: "/api/v1/adaptive-paths", status: 200 },
  { method: "get", path: "/api/v1/adaptive-paths/{id}", status: 200 },
  { method: "post", path: "/api/v1/adaptive-paths", status: 201 },
  { method: "patch", path: "/api/v1/adaptive-paths/{id}", status: 200 },
  { method: "delete", path: "/api/v1/adaptive-paths/{id}", status: 204 },
  { method: "post", path: "/api/v1/courses/{courseId}/positioning-quiz/generate", status: 201 },
  { method: "get", path: "/api/v1/enrollments/{id}/adaptive-path", status: 200 },
  { method: "post", path: "/api/v1/enrollments/{id}/adaptive-path", status: 201 },
  // Satisfaction surveys and public course pages (issue #11 item 5)
  { method: "get", path: "/api/v1/surveys/{token}", status: 200 },
  { method: "post", path: "/api/v1/surveys/{token}/responses", status: 201 },
  { method: "get", path: "/api/v1/courses/{id}/survey-results", status: 200 },
  { method: "get", path: "/api/v1/public/courses", status: 200 },
  { method: "get", path: "/api/v1/public/courses/{slug}", status: 200 },
  { method: "post", path: "/api/v1/public/courses/{slug}/quote-requests", status: 201 },
  // Needs analysis, companies, PAF timeline (issue #11 item 4)
  { method: "get", path: "/api/v1/companies", status: 200 },
  { method: "post", path: "/api/v1/companies", status: 201 },
  { method: "get", path: "/api/v1/companies/{id}", status: 200 },
  { method: "patch", path: "/api/v1/companies/{id}", status: 200 },
  // Billing: legal identity and clients (issue #12 items 1 and 2)
  { method: "get", path: "/api/v1/billing/legal-identity", status: 200 },
  { method: "patch", path: "/api/v1/billing/legal-identity", status: 200 },
  { method: "get", path: "/api/v1/billing/clients", status: 200 },
  { method: "post", path: "/api/v1/billing/clients", status: 201 },
  { method: "get", path: "/api/v1/billing/clients/{id}", status: 200 },
  { method: "patch", path: "/api/v1/billing/clients/{id}", status: 200 },
  { method: "post", path: "/api/v1/needs-analysis", status: 201 },
  { method: "get", path: "/api/v1/needs-analysis", status: 200 },
  { method: "get", path: "/api/v1/needs-analysis/{id}", status: 200 },
  // Invoices and credit notes (issue #12 item 2)
  { method: "get", path: "/api/v1/billing/invoices", status: 200 },
  { method: "post", path: "/api/v1/billing/invoices", status: 201 },
  { method: "get", path: "/api/v1/billing/invoices/{id}", status: 200 },
  { method: "patch", path: "/api/v1/billing/invoices/{id}", status: 200 },
  { method: "delete", path: "/api/v1/billing/invoices/{id}", status: 204 },
  { method: "post", path: "/api/v1/billing/invoices/{id}/issue", status: 200 },
  { method: "post", path: "/api/v1/billing/invoices/{id}/cancel", status: 200 },
  { method: "post", path: "/api/v1/billing/invoices/{id}/credit-note", status: 201 },
  { method: "post", path: "/api/v1/billing/invoices/{id}/mark-paid", status: 200 },
  { method: "post", path: "/api/v1/billing/invoices/{id}/validate", status: 200 },
  { method: "post", path: "/api/v1/billing/invoices/{id}/render", status: 200 },
  { method: "post", path: "/api/v1/billing/invoices/{id}/send", status: 200 },
  { method: "get", path: "/api/v1/billing/invoices/{id}/pdf", status: 200 },
  { method: "post", path: "/api/v1/billing/enrollments/{enrollmentId}/invoices", status: 201 },
  { method: "get", path: "/api/v1/paf/enrollments/{id}/timeline", status: 200 },
  // Payments (issue #12 item 5)
  { method: "post", path: "/api/v1/payments/intent", status: 201 },
  { method: "post", path: "/api/v1/payments/checkout", status: 201 },
  { method: "get", path: "/api/v1/payments/checkout/{id}", status: 200 },
  { method: "get", path: "/api/v1/payments/sandbox/{id}", status: 200 },
  { method: "post", path: "/api/v1/payments/sandbox/{id}/pay", status: 200 },
  { method: "post", path: "/api/v1/payments/sandbox/{id}/cancel", status: 200 },
  { method: "get", path: "/api/v1/payments", status: 200 },
  { method: "get", path: "/api/v1/payments/{id}", status: 200 },
  { method: "post", path: "/api/v1/payments/{id}/capture", status: 200 },
  { method: "post", path: "/api/v1/payments/{id}/refund", status: 201 },
  { method: "post", path: "/api/v1/payments/webhooks/{gateway}", status: 200 },
  // BPF (issue #12 item 6)
  { method: "get", path: "/api/v1/bpf/current-year", status: 200 },
  { method: "get", path: "/api/v1/bpf/year/{year}", status: 200 },
  { method: "post", path: "/api/v1/bpf/year/{year}/generate", status: 200 },
  { method: "get", path: "/api/v1/bpf/year/{year}/export", status: 200 },
  { method: "get", path: "/api/v1/bpf/year/{year}/export-csv", status: 200 },
  { method: "post", path: "/api/v1/bpf/year/{year}/submit", status: 200 },
  { method: "get", path: "/api/v1/bpf/year/{year}/breakdown", status: 200 },
  { method: "get", path: "/api/v1/bpf/year/{year}/cells/{cell}", status: 200 },
  // BPF inputs (issue #20 item 8): charges (D), trainers' engagement (E), courses' F-3/F-4, enrollments' subcontracting (F-2/G).
  { method: "get", path: "/api/v1/bpf/year/{year}/charges", status: 200 },
  { method: "put", path: "/api/v1/bpf/year/{year}/charges", status: 200 },
  { method: "get", path: "/api/v1/bpf/trainers", status: 200 },
  { method: "put", path: "/api/v1/bpf/trainers/{userId}", status: 200 },
  { method: "get", path: "/api/v1/bpf/courses", status: 200 },
  { method: "patch", path: "/api/v1/bpf/courses/{courseId}", status: 200 },
  { method: "put", path: "/api/v1/bpf/enrollments/{enrollmentId}/subcontracting", status: 200 },
];

/** Path families whose documented operations must be exactly the ones listed above. */
const PREFIXES = /\/api\/v1\/(auth|tenants|users|dev|enrollments|activity-logs|sessions|emargement|qualiopi\/emargement|complaints|improvement-plans|notifications|adaptive-paths|surveys|public|companies|needs-analysis|paf|billing\/legal-identity|billing\/clients|billing\/invoices|billing\/enrollments|payments|bpf)(\/|$)/;

describe("GET /api/v1/openapi.json", () => {
  let doc: any;
  /** Operations by their full documented path: the server URL (/api/v1) + the path key. */
  let ops: Record<string, Record<string, any>>;
  /** An operation's response, its shared component followed. */
  const response = (op: any, code: string) => {
    const r = op.responses[code];
    return r?.$ref ? doc.components.responses[String(r.$ref).split("/").pop()!] : r;
  };
  beforeAll(async () => {
    const res = await fetch(`${api.url}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    doc = await res.json();
    const base = doc.servers?.[0]?.url ?? "";
    ops = Object.fromEntries(Object.entries(doc.paths as Record<string, Record<string, any>>).map(([p, o]) => [`${base}${p}`, o]));
  });

  it("is a public OpenAPI 3 document with the bearer scheme and the error schema", () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers[0].url).toBe("/api/v1");
    expect(doc.info.title).toBeTruthy();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.securitySchemes.serviceApiKey).toMatchObject({ type: "apiKey", in: "header", name: "X-API-Key" });
    expect(ops["/api/v1/auth/scim/users"]!.post.security).toEqual([{ serviceApiKey: [] }]);
    expect(ops["/api/v1/auth/login"]!.post.security).toEqual([]);
    expect(ops["/api/v1/emargement/auto"]!.post.security).toEqual([]);
    expect(ops["/api/v1/users"]!.get.security).toEqual([{ bearerAuth: [] }]);
    expect(ops["/api/v1/openapi.json"]!.get.security).toEqual([]);
    const used = new Set(Object.values(ops).flatMap((byMethod) => Object.values(byMethod).flatMap((op: any) => op.tags as string[])));
    const declared = new Map((doc.tags as { name: string; description: string }[]).map((t) => [t.name, t.description]));
    for (const tag of used) expect(declared.get(tag), tag).toBeTruthy();
    expect(doc.components.schemas.Error.required).toEqual(["statusCode", "code", "message"]);
  });

  it("documents exactly these operations for the auth, tenants, users, dev, enrollments, activity-logs and sessions paths (nothing missing, nothing stray)", () => {
    const documented = Object.entries(ops)
      .flatMap(([path, byMethod]) => Object.keys(byMethod).map((m) => `${m.toUpperCase()} ${path}`))
      .filter((k) => PREFIXES.test(k))
      .sort();
    expect(documented).toEqual(OPERATIONS.map((o) => `${o.method.toUpperCase()} ${o.path}`).filter((k) => PREFIXES.test(k)).sort());
  });

  it.each(OPERATIONS)("documents $method $path with its success status", ({ method, path, status }) => {
    const op = ops[path]?.[method];
    expect(op, `${method.toUpperCase()} ${path} missing from openapi.json`).toBeDefined();
    expect(op.responses[String(status)], `${method} ${path} success ${status}`).toBeDefined();
    if (status !== 200) expect(op.responses["200"]).toBeUndefined();
    // Error responses use the spec's error body (the shared components/responses); every operation documents 429 and 500.
    for (const code of ["429", "500"]) expect(response(op, code).content["application/json"].schema.$ref).toBe("#/components/schemas/Error");
    expect(response(op, "429").headers["Retry-After"]).toBeDefined();
    expect(op.parameters.some((p: any) => p.name === "X-Tenant-ID" && p.in === "header")).toBe(true);
  });

  it("documents the path parameters of parameterised operations", () => {
    const params = (path: string, method: string) => ops[path]![method].parameters.filter((p: any) => p.in === "path").map((p: any) => p.name);
    expect(params("/api/v1/users/{id}", "get")).toEqual(["id"]);
    expect(params("/api/v1/tenants/{id}", "get")).toEqual(["id"]);
    expect(params("/api/v1/auth/scim/users/{externalId}", "delete")).toEqual(["externalId"]);
    const query = ops["/api/v1/auth/scim/users/{externalId}"]!.delete.parameters.find((p: any) => p.name === "tenantSlug");
    expect(query).toMatchObject({ in: "query", required: true });
  });

  it("documents the attendance error statuses the spec lists", () => {
    const codes = (path: string, method: string) => Object.keys(ops[path]![method].responses);
    expect(codes("/api/v1/emargement/sign/qr", "post")).toEqual(expect.arrayContaining(["410", "422"]));
    expect(codes("/api/v1/emargement/sign/pin", "post")).toEqual(expect.arrayContaining(["401", "429"]));
    expect(codes("/api/v1/emargement/sign/canvas", "post")).toEqual(expect.arrayContaining(["422"]));
    expect(codes("/api/v1/emargement/auto", "post")).toEqual(expect.arrayContaining(["401"]));
    expect(codes("/api/v1/emargement/override", "post")).toEqual(expect.arrayContaining(["403", "422"]));
    expect(codes("/api/v1/qualiopi/emargement", "post")).toEqual(expect.arrayContaining(["404", "422"]));
    expect(codes("/api/v1/qualiopi/emargement/qr-generate/{sessionId}", "post")).toEqual(expect.arrayContaining(["403", "404"]));
    expect(codes("/api/v1/qualiopi/emargement/qr-validate", "post")).toEqual(expect.arrayContaining(["400", "403", "422"]));
    expect(codes("/api/v1/qualiopi/emargement/slots/{slotId}/sign", "post")).toEqual(expect.arrayContaining(["400", "404", "422"]));
    expect(codes("/api/v1/qualiopi/emargement/{id}/seal-certificate", "get")).toEqual(expect.arrayContaining(["401", "403"]));
  });

  it("documents the error statuses the spec lists", () => {
    const codes = (path: string, method: string) => Object.keys(ops[path]![method].responses);
    expect(codes("/api/v1/auth/login", "post")).toEqual(expect.arrayContaining(["401", "429"]));
    expect(codes("/api/v1/auth/accept-invite", "post")).toEqual(expect.arrayContaining(["401", "409"]));
    expect(codes("/api/v1/auth/token-exchange", "post")).toEqual(expect.arrayContaining(["401", "404"]));
    expect(codes("/api/v1/tenants", "post")).toEqual(expect.arrayContaining(["400", "401", "403", "409"]));
    expect(codes("/api/v1/tenants/{id}", "patch")).toEqual(expect.arrayContaining(["400", "401", "403", "404", "409"]));
    expect(codes("/api/v1/users", "get")).toEqual(expect.arrayContaining(["401", "403"]));
    expect(codes("/api/v1/users", "post")).toEqual(expect.arrayContaining(["409", "422"]));
    expect(codes("/api/v1/users/{id}", "patch")).toEqual(expect.arrayContaining(["403"]));
  });
});

describe("REST conventions (conventions §1, §4)", () => {
  it("answers an unknown path under /api/v1 with a 404 JSON error", async () => {
    const res = await api.call("GET", "/no/such/thing", { tenant: "acme" });
    expectError(res, 404);
    const wrongMethod = await api.call("DELETE", "/users/me");
    expectError(wrongMethod, 404);
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("answers a malformed JSON body with a 400 JSON error", async () => {
    const res = await api.call("POST", "/auth/login", { tenant: "acme", raw: '{"email": "admin@acme.test", "password": ' });
    expectError(res, 400, "Malformed JSON body");
  });

  it("answers missing fields with 400 and the errors field map", async () => {
    const res = await api.call("POST", "/auth/login", { tenant: "acme", body: {} });
    expectError(res, 400, "Validation failed");
    expect(Object.keys(res.body.errors).sort()).toEqual(["email", "password"]);
  });

  it("answers the health check without tenant or auth", async () => {
    const res = await fetch(`${api.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", db: "ok" });
  });
});
