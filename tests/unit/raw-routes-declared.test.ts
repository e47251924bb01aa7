import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../server/api/openapi";
import { procedureMetas } from "../../server/api/procedure-meta";
import { rolesWith, type Permission } from "../../server/auth/permissions";
import { RAW_ROUTES } from "../../server/http/raw-routes";

/**
 * Issue #20 item 11: every binary route is declared once, with its access (permission), its
 * documentation and its handler together; the OpenAPI operation comes from that declaration.
 * This fails when a route file is not listed, a route lacks documentation or access, or a tRPC
 * procedure documents a raw route's path a second time.
 */
const HTTP_DIR = path.join(import.meta.dirname, "../../server/http");

describe("binary routes: one declaration each", () => {
  it("every rawRoute(...) of server/http is listed in RAW_ROUTES", () => {
    const declared: string[] = [];
    for (const file of readdirSync(HTTP_DIR).filter((f) => f.endsWith(".ts") && f !== "raw-route.ts")) {
      const text = readFileSync(path.join(HTTP_DIR, file), "utf8");
      for (const m of text.matchAll(/rawRoute\(\{\s*method:\s*"(GET|POST)",\s*path:\s*(?:"([^"]+)"|`([^`]+)`)/g)) declared.push(`${m[1]} ${m[2] ?? m[3]}`);
    }
    const listed = RAW_ROUTES.map((r) => `${r.method} ${r.path}`);
    // a templated path (`/configuration/mail/${provider}/callback`) stands for several listed routes
    for (const d of declared) {
      const re = new RegExp(`^${d.replace(/[.*+?^()|[\]\\]/g, "\\$&").replace(/\$\{\w+\}/g, "[^/]+").replace(/\{/g, "\\{").replace(/\}/g, "\\}")}$`);
      expect(listed.some((l) => re.test(l)), `${d} is declared in server/http but not listed in RAW_ROUTES`).toBe(true);
    }
    expect(declared.length).toBeGreaterThanOrEqual(14);
  });

  it.each(RAW_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))("%s declares its access and documentation", (_key, route) => {
    const { doc, access } = route;
    expect(doc.summary.trim().length, "summary").toBeGreaterThan(5);
    expect(doc.description.trim().length, "description").toBeGreaterThan(20);
    expect(doc.tags.length, "tags").toBeGreaterThan(0);
    expect([doc.produces].flat().length, "produces").toBeGreaterThan(0);
    expect(doc.successDescription.trim().length, "successDescription").toBeGreaterThan(3);
    expect(access, "access").toBeDefined();
    if ("permission" in access) expect(rolesWith(access.permission as Permission).length).toBeGreaterThan(0);
    else expect("public" in access || "member" in access).toBe(true);
  });

  it("no tRPC procedure documents a raw route's method and path (the documenting duplicates are gone)", () => {
    const raw = new Set(RAW_ROUTES.map((r) => `${r.method} ${r.path}`));
    const documented = procedureMetas()
      .filter(({ meta }) => meta.openapi)
      .map(({ path: p, meta }) => ({ key: `${meta.openapi!.method} ${meta.openapi!.path}`, procedure: p }));
    expect(documented.filter((d) => raw.has(d.key))).toEqual([]);
  });

  it("the OpenAPI operation of each raw route is generated from its declaration: parameters, access, media types", () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, any>> };
    for (const route of RAW_ROUTES) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op.summary).toBe(route.doc.summary);
      expect(op.description).toContain(route.doc.description);
      expect(op.description).toMatch(/Access: /);
      expect(op["x-permission"]).toBe("public" in route.access ? "public" : "permission" in route.access ? route.access.permission : "member");
      const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(op.parameters.filter((p: any) => p.in === "path").map((p: any) => p.name)).toEqual(pathParams);
      for (const q of route.query) expect(op.parameters.some((p: any) => p.in === "query" && p.name === q), `${route.path} ?${q}`).toBe(true);
      for (const code of Object.keys(route.doc.errorResponses)) expect(op.responses[code], `${route.path} ${code}`).toBeDefined();
      if (route.successStatus === 200) expect(Object.keys(op.responses["200"].content)).toEqual([route.doc.produces].flat());
    }
  });

  it("the CSV exports offer XLSX too (format query parameter, both media types)", () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, any>> };
    for (const p of ["/enrollments/course/{courseId}/export", "/bpf/year/{year}/export-csv"]) {
      const op = doc.paths[p]!.get;
      expect(op.parameters.find((x: any) => x.name === "format")?.schema.enum).toEqual(["csv", "xlsx"]);
      expect(Object.keys(op.responses["200"].content)).toEqual(["text/csv; charset=utf-8", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"]);
    }
  });
});
