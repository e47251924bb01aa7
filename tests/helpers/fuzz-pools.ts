import type { TestApi } from "./api";

/**
 * What the fuzz tests learn about a tenant before sending anything: the ids (`id`, `*Id`) and
 * slugs its lists show, and the text of those lists (to compare before and after a run).
 */

/** Fields never generated for an operation, so that the run does not cut its own branch (a renamed or suspended acme would turn the rest into 404s). */
export const FUZZ_OMIT_BODY_KEYS: Record<string, string[]> = {
  "PATCH /tenants/{id}": ["slug", "status", "domain"],
  "PATCH /platform/tenants/{id}": ["slug", "status", "domain"],
};

const LIST_PATHS = ["/courses", "/users", "/enrollments", "/sessions", "/trainers", "/activity-logs", "/tenants/me"];

/** Ids (`id`, `*Id`) and slugs found in a JSON value. */
function collect(value: unknown, ids: Set<string>, slugs: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) collect(v, ids, slugs);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === "string" && (k === "id" || /Id$/.test(k)) && v.length >= 8) ids.add(v);
      else if (typeof v === "string" && k === "slug") slugs.add(v);
      else collect(v, ids, slugs);
    }
  }
}

/** The tenant's lists (plus `extraPaths`) and the content of a few courses, read as `token`. */
export async function tenantSnapshot(api: TestApi, tenant: string, token: string, extraPaths: string[] = []): Promise<{ text: string; ids: Set<string>; slugs: Set<string> }> {
  const ids = new Set<string>();
  const slugs = new Set<string>();
  const parts: string[] = [];
  for (const path of [...LIST_PATHS, ...extraPaths]) {
    const res = await api.call("GET", `${path}${path === "/tenants/me" ? "" : "?limit=100"}`, { tenant, token });
    parts.push(`${path} ${res.status} ${JSON.stringify(res.body)}`);
    collect(res.body, ids, slugs);
  }
  // the content of a few courses: module, lesson and questionnaire ids
  for (const id of [...ids].filter((i) => i.startsWith("crs_")).slice(0, 6)) {
    for (const sub of ["modules", "questionnaires", "trainers"]) {
      const res = await api.call("GET", `/courses/${id}/${sub}`, { tenant, token });
      parts.push(`/courses/${id}/${sub} ${res.status} ${JSON.stringify(res.body)}`);
      collect(res.body, ids, slugs);
    }
  }
  return { text: parts.join("\n"), ids, slugs };
}
