import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../server/api/openapi";
import { RAW_ROUTES } from "../../server/http/raw-routes";

type Op = { responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>; parameters?: { name: string; in: string }[] };

describe("raw routes in the OpenAPI document", () => {
  const doc = openApiDocument() as { paths: Record<string, Record<string, Op>>; components: { responses: Record<string, { content?: Record<string, unknown> }> } };
  const paths = doc.paths;
  /** A response, its shared component (components/responses) followed. */
  const resolved = (r: { $ref?: string; content?: Record<string, unknown> } | undefined) => (r?.$ref ? doc.components.responses[r.$ref.split("/").pop()!] : r);

  it("describes each raw route's success with its real media type, not JSON", () => {
    const seen = RAW_ROUTES.map((route) => {
      const op = paths[route.path]?.[route.method.toLowerCase()];
      return { path: route.path, types: Object.keys(op?.responses["200"]?.content ?? {}) };
    });
    expect(seen).toEqual(
      expect.arrayContaining([
        { path: "/emargement/{sessionId}/pdf", types: ["application/pdf"] },
        { path: "/enrollments/course/{courseId}/export", types: ["text/csv; charset=utf-8", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"] },
        { path: "/emargement/records/{id}/signature", types: ["image/png"] },
        { path: "/media/{id}/file", types: ["*/*"] },
      ]),
    );
    expect(seen).toHaveLength(RAW_ROUTES.length);
  });

  it("keeps the JSON error bodies and the documenting procedure's parameters", () => {
    const pdf = paths["/emargement/{sessionId}/pdf"]!.get!;
    expect(resolved(pdf.responses["404"])?.content).toHaveProperty(["application/json"]);
    expect(pdf.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(["sessionId", "slotId", "X-Tenant-ID"]));
    const media = paths["/media/{id}/file"]!;
    expect(media.get!.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(["path:id", "query:tenant", "header:X-Tenant-ID"]));
    expect(resolved(media.get!.responses["401"])?.content).toHaveProperty(["application/json"]);
    expect(media.head).toBeDefined();
  });
});
