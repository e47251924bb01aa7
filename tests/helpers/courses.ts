import { expect } from "vitest";
import { eq } from "drizzle-orm";
import { tenantLegalIdentities } from "../../server/db/schema";
import type { TestApi } from "./api";

/** Course bodies and calls shared by the tests/integration/courses-*.test.ts files. */

export const QUALIOPI_FIELDS = {
  pedagogicalObjectives: "Être capable d'appliquer les gestes de premiers secours.",
  prerequisites: "Aucun.",
  targetAudience: "Tout salarié.",
  teachingMethods: "Apports théoriques et mises en situation.",
  evaluationMethods: "Quiz et évaluation pratique.",
  accessibilityInfo: "Accessible aux personnes en situation de handicap.",
  disabilityReferentContact: "referent@acme.test",
  activityNumber: "11 75 12345 75",
};

/**
 * The tenant's NDA (legal identity) stands for every course's activityNumber in the publication
 * check; the demo tenants have one. Tests of the course's own activityNumber rule clear it.
 */
export async function clearTenantNda(api: TestApi, tenantId: string): Promise<void> {
  await api.db.update(tenantLegalIdentities).set({ nda: null }).where(eq(tenantLegalIdentities.tenantId, tenantId));
}

/** The mandatory fields the publication check names, in its order (in a tenant without an NDA). */
export const PUBLICATION_BLOCKERS = [
  "pedagogicalObjectives is required",
  "prerequisites is required",
  "targetAudience is required",
  "teachingMethods is required",
  "evaluationMethods is required",
  "accessibilityInfo is required",
  "disabilityReferentContact is required",
  "duration must be greater than 0",
  "modules: at least one module with at least one lesson is required",
  "activityNumber is required (OF mode)",
];

export const minimalCourse = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  title: "Cours de test",
  description: "Une description.",
  price: 19900,
  currency: "EUR",
  ...over,
});

/** Every publication field filled (modules still needed). */
export const completeCourse = (over: Record<string, unknown> = {}) => minimalCourse({ ...QUALIOPI_FIELDS, duration: 14, ...over });

export const oneModule = (lessons = 1) => [
  { title: "Module 1", lessons: Array.from({ length: lessons }, (_, i) => ({ title: `Leçon ${i + 1}`, kind: "TEXT", content: `# Leçon ${i + 1}` })) },
];

/** A publishable bulk body (modules and lessons included). */
export const publishableBulk = (over: Record<string, unknown> = {}) => completeCourse({ modules: oneModule(2), ...over });

export async function createCourse(api: TestApi, tenant: string, token: string, body: Record<string, unknown>) {
  const res = await api.call("POST", "/courses", { tenant, token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; slug: string; title: string; status: string } & Record<string, any>;
}

export async function createBulk(api: TestApi, tenant: string, token: string, body: Record<string, unknown>) {
  const res = await api.call("POST", "/courses/bulk", { tenant, token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; slug: string; title: string; status: string } & Record<string, any>;
}

/** The publication 422: `{statusCode, code, message, errors: string[]}` (the spec's list form). */
export function expectPublicationBlocked(res: { status: number; body: any }, errors: string[]): void {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(Object.keys(res.body).sort()).toEqual(["code", "errors", "message", "statusCode"]);
  expect(res.body.code).toBe("COURSE_NOT_PUBLISHABLE");
  expect(res.body).toMatchObject({ statusCode: 422, message: "Course cannot be published: Qualiopi requirements missing" });
  expect(res.body.errors).toEqual(errors);
}
