import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../helpers/api";

/** The Courses table of the spec (without the AI operations), trainers and media in /api/v1/openapi.json. */
const OPERATIONS: { method: string; path: string; status: number; errors: string[] }[] = [
  { method: "get", path: "/courses", status: 200, errors: ["400"] },
  { method: "post", path: "/courses", status: 201, errors: ["401", "403", "422"] },
  { method: "get", path: "/courses/my-courses", status: 200, errors: ["401", "403"] },
  { method: "get", path: "/courses/my-trainer", status: 200, errors: ["401", "403"] },
  { method: "get", path: "/courses/by-id/{id}", status: 200, errors: ["401", "403", "404"] },
  { method: "get", path: "/courses/{id}", status: 200, errors: ["404"] },
  { method: "post", path: "/courses/{slug}/view", status: 204, errors: ["401"] },
  { method: "post", path: "/courses/bulk", status: 201, errors: ["401", "403", "422"] },
  { method: "patch", path: "/courses/{id}", status: 200, errors: ["401", "403", "404"] },
  { method: "delete", path: "/courses/{id}", status: 200, errors: ["401", "403", "404"] },
  { method: "post", path: "/courses/{id}/publish", status: 201, errors: ["422", "403", "404"] },
  { method: "get", path: "/courses/{id}/qualiopi-status", status: 200, errors: ["404"] },
  { method: "post", path: "/courses/{id}/duplicate", status: 201, errors: ["404"] },
  { method: "get", path: "/courses/{id}/qualiopi-info", status: 200, errors: ["404"] },
  { method: "get", path: "/courses/{id}/public-stats", status: 200, errors: ["404"] },
  { method: "patch", path: "/courses/{id}/images/banner/reference", status: 200, errors: ["400", "404"] },
  { method: "patch", path: "/courses/{id}/images/featured/reference", status: 200, errors: ["400", "404"] },
  { method: "get", path: "/courses/{id}/trainers", status: 200, errors: ["401", "403", "404"] },
  { method: "put", path: "/courses/{id}/trainers", status: 200, errors: ["401", "403", "404", "422"] },
  { method: "get", path: "/trainers/{userId}/competencies", status: 200, errors: ["401", "403", "404"] },
  { method: "post", path: "/trainers/{userId}/competencies", status: 201, errors: ["401", "403", "404", "422"] },
  { method: "delete", path: "/trainers/{userId}/competencies/{competencyId}", status: 204, errors: ["401", "403", "404"] },
  { method: "post", path: "/media", status: 201, errors: ["400", "401", "403"] },
  { method: "get", path: "/media/{id}", status: 200, errors: ["401", "404"] },
];

let api: TestApi;
let paths: Record<string, Record<string, any>>;
let components: Record<string, any>;
beforeAll(async () => {
  api = await startApi();
  const res = await fetch(`${api.url}/api/v1/openapi.json`);
  ({ paths, components } = (await res.json()) as { paths: Record<string, Record<string, any>>; components: Record<string, any> });
});
afterAll(() => api.close());

describe("openapi.json: courses, trainers and media", () => {
  it.each(OPERATIONS)("documents $method $path ($status) with its errors", ({ method, path, status, errors }) => {
    const op = paths[path]?.[method];
    expect(op, `${method.toUpperCase()} ${path} missing`).toBeDefined();
    expect(op.responses[String(status)], `${method} ${path} success ${status}`).toBeDefined();
    if (status !== 200) expect(op.responses["200"]).toBeUndefined();
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(errors));
    for (const e of errors) {
      const r = op.responses[e].$ref ? components.responses[String(op.responses[e].$ref).split("/").pop()!] : op.responses[e];
      expect(r.content["application/json"].schema.$ref).toBe("#/components/schemas/Error");
    }
    expect(typeof op.description === "string" || typeof op.summary === "string").toBe(true);
  });

  it("documents both pagination forms and the filters of GET /courses", () => {
    const names = paths["/courses"]!.get.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(["page", "limit", "perPage", "search", "q", "format", "status", "minPrice", "maxPrice"]));
  });

  it("documents the media download path in GET /media/{id}", () => {
    expect(paths["/media/{id}"]!.get.description).toContain("/api/v1/media/{id}/file");
  });
});
