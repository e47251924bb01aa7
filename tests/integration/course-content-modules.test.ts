import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses } from "../../server/db/schema";
import { expectError, expectUnknownFields, expectValidation } from "../helpers/rest";
import { activityOf, assignTrainer, enroll, newCourse, recordProgress, setupContent, type ContentFixture } from "./course-content-fixtures";

let fx: ContentFixture;
beforeAll(async () => {
  fx = await setupContent();
});
afterAll(() => fx.close());

const MODULE_KEYS = ["id", "courseId", "title", "description", "position", "durationMinutes", "lessons", "createdAt", "updatedAt"].sort();
const creator = (m: string, p: string, b?: unknown) => fx.as("creator")(m, p, b);

async function addModule(courseId: string, title: string, who: Parameters<ContentFixture["as"]>[0] = "creator") {
  const res = await fx.as(who)("POST", `/courses/${courseId}/modules`, { title });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

describe("POST /courses/{id}/modules", () => {
  it("appends modules at the end and answers 201 with the module", async () => {
    const courseId = await newCourse(fx);
    const res = await creator("POST", `/courses/${courseId}/modules`, { title: "  Introduction ", description: "Les bases" });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.data).sort()).toEqual(MODULE_KEYS);
    expect(res.body.data).toMatchObject({ courseId, title: "Introduction", description: "Les bases", position: 0, durationMinutes: 0, lessons: [] });
    expect(res.body.data.id).toMatch(/^mod_[a-z0-9]{24}$/);
    const second = await creator("POST", `/courses/${courseId}/modules`, { title: "Pratique" });
    expect(second.body.data).toMatchObject({ position: 1, description: "" });
    const activity = await activityOf(fx, courseId);
    expect(activity[0]).toMatchObject({ action: "course.updated", metadata: { change: "module.created", moduleId: second.body.data.id } });
  });

  it("400 on a missing or empty title and on unknown fields", async () => {
    const courseId = await newCourse(fx);
    expectValidation(await creator("POST", `/courses/${courseId}/modules`, {}), ["title"]);
    expectValidation(await creator("POST", `/courses/${courseId}/modules`, { title: "   " }), ["title"]);
    expectUnknownFields(await creator("POST", `/courses/${courseId}/modules`, { title: "A", position: 4, tenantId: "x" }), ["position", "tenantId"]);
  });

  it("is allowed to an ADMIN on someone else's course, and on a PUBLISHED course", async () => {
    const courseId = await newCourse(fx, { status: "PUBLISHED" });
    expect((await fx.as("admin")("POST", `/courses/${courseId}/modules`, { title: "Par l'admin" })).status).toBe(201);
    expect((await creator("POST", `/courses/${courseId}/modules`, { title: "Par la créatrice" })).status).toBe(201);
  });

  it("401 without a token; 403 for LEARNER, TRAINER and another CREATOR", async () => {
    const courseId = await newCourse(fx);
    expectError(await fx.api.call("POST", `/courses/${courseId}/modules`, { tenant: "acme", body: { title: "X" } }), 401);
    expectError(await fx.as("learner")("POST", `/courses/${courseId}/modules`, { title: "X" }), 403, "Forbidden: CREATOR or ADMIN required");
    expectError(await fx.as("trainer")("POST", `/courses/${courseId}/modules`, { title: "X" }), 403);
    expectError(await fx.as("creator2")("POST", `/courses/${courseId}/modules`, { title: "X" }), 403, "Forbidden: you do not own this course");
    expect((await creator("GET", `/courses/${courseId}/modules`)).body.data).toEqual([]);
  });

  it("404 for an unknown course", async () => {
    expectError(await creator("POST", "/courses/crs_doesnotexist/modules", { title: "X" }), 404, "Course not found");
  });
});

describe("GET /courses/{id}/modules", () => {
  it("lists modules by position, each with its lessons by position, and totals in meta", async () => {
    const courseId = await newCourse(fx);
    const m1 = await addModule(courseId, "Un");
    const m2 = await addModule(courseId, "Deux");
    for (const [moduleId, title, minutes] of [[m2, "B1", 10], [m1, "A1", 5], [m1, "A2", null]] as const) {
      const res = await creator("POST", `/courses/${courseId}/modules/${moduleId}/lessons`, { title, kind: "TEXT", durationMinutes: minutes });
      expect(res.status).toBe(201);
    }
    const res = await creator("GET", `/courses/${courseId}/modules`);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ moduleCount: 2, lessonCount: 3, durationMinutes: 15 });
    expect(res.body.data.map((m: { title: string; position: number; durationMinutes: number }) => [m.title, m.position, m.durationMinutes])).toEqual([
      ["Un", 0, 5],
      ["Deux", 1, 10],
    ]);
    expect(res.body.data[0].lessons.map((l: { title: string; position: number }) => [l.title, l.position])).toEqual([
      ["A1", 0],
      ["A2", 1],
    ]);
  });

  it("is readable by the owner, an ADMIN and an assigned trainer; 403 for others", async () => {
    const courseId = await newCourse(fx);
    await addModule(courseId, "Un");
    expect((await fx.as("admin")("GET", `/courses/${courseId}/modules`)).status).toBe(200);
    expectError(await fx.as("trainer")("GET", `/courses/${courseId}/modules`), 403);
    await assignTrainer(fx, courseId, fx.userIds.trainer);
    expect((await fx.as("trainer")("GET", `/courses/${courseId}/modules`)).body.data).toHaveLength(1);
    expectError(await fx.as("creator2")("GET", `/courses/${courseId}/modules`), 403);
    expectError(await fx.as("learner")("GET", `/courses/${courseId}/modules`), 403);
    await enroll(fx, courseId, fx.userIds.learner);
    expectError(await fx.as("learner")("GET", `/courses/${courseId}/modules`), 403);
    expectError(await fx.api.call("GET", `/courses/${courseId}/modules`, { tenant: "acme" }), 401);
  });
});

describe("PATCH /courses/{id}/modules/{moduleId}", () => {
  it("renames a module and changes its description", async () => {
    const courseId = await newCourse(fx);
    const moduleId = await addModule(courseId, "Avant");
    const res = await creator("PATCH", `/courses/${courseId}/modules/${moduleId}`, { title: "Après" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: moduleId, title: "Après", description: "", position: 0, lessons: [] });
    const desc = await creator("PATCH", `/courses/${courseId}/modules/${moduleId}`, { description: "Nouvelle description" });
    expect(desc.body.data).toMatchObject({ title: "Après", description: "Nouvelle description" });
  });

  it("400 on invalid or unknown fields; 404 for a module of another course", async () => {
    const courseId = await newCourse(fx);
    const otherCourse = await newCourse(fx);
    const moduleId = await addModule(courseId, "Un");
    const foreign = await addModule(otherCourse, "Ailleurs");
    expectValidation(await creator("PATCH", `/courses/${courseId}/modules/${moduleId}`, { title: "" }), ["title"]);
    expectUnknownFields(await creator("PATCH", `/courses/${courseId}/modules/${moduleId}`, { courseId: otherCourse }), ["courseId"]);
    expectError(await creator("PATCH", `/courses/${courseId}/modules/${foreign}`, { title: "Volé" }), 404, "Module not found");
    expectError(await creator("PATCH", `/courses/${courseId}/modules/mod_unknown`, { title: "X" }), 404, "Module not found");
    expectError(await fx.as("creator2")("PATCH", `/courses/${courseId}/modules/${moduleId}`, { title: "X" }), 403);
  });
});

describe("PUT /courses/{id}/modules/order", () => {
  it("sets positions 0..n-1 in the order given and answers the outline", async () => {
    const courseId = await newCourse(fx);
    const [a, b, c] = [await addModule(courseId, "A"), await addModule(courseId, "B"), await addModule(courseId, "C")];
    const res = await creator("PUT", `/courses/${courseId}/modules/order`, { moduleIds: [c, a, b] });
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { id: string; position: number }) => [m.id, m.position])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    const again = await creator("GET", `/courses/${courseId}/modules`);
    expect(again.body.data.map((m: { title: string }) => m.title)).toEqual(["C", "A", "B"]);
  });

  it("422 unless the list is exactly the course's modules", async () => {
    const courseId = await newCourse(fx);
    const otherCourse = await newCourse(fx);
    const [a, b] = [await addModule(courseId, "A"), await addModule(courseId, "B")];
    const foreign = await addModule(otherCourse, "X");

    const missing = await creator("PUT", `/courses/${courseId}/modules/order`, { moduleIds: [a] });
    expectValidation(missing, ["moduleIds"], 422);
    expect(missing.body.message).toBe("moduleIds must list every module of the course exactly once");
    expect(missing.body.errors.moduleIds).toEqual([`Missing: ${b}`]);

    const dup = await creator("PUT", `/courses/${courseId}/modules/order`, { moduleIds: [a, b, a] });
    expect(dup.body.errors.moduleIds).toEqual([`Listed more than once: ${a}`]);
    const stranger = await creator("PUT", `/courses/${courseId}/modules/order`, { moduleIds: [a, foreign] });
    expect(stranger.status).toBe(422);
    expect(stranger.body.errors.moduleIds).toEqual([`Not a module of this course: ${foreign}`, `Missing: ${b}`]);

    expectValidation(await creator("PUT", `/courses/${courseId}/modules/order`, {}), ["moduleIds"]);
    expectValidation(await creator("PUT", `/courses/${courseId}/modules/order`, { moduleIds: "a,b" }), ["moduleIds"]);
    // nothing moved
    expect((await creator("GET", `/courses/${courseId}/modules`)).body.data.map((m: { id: string }) => m.id)).toEqual([a, b]);
  });

  it("403 for another creator and a learner", async () => {
    const courseId = await newCourse(fx);
    const a = await addModule(courseId, "A");
    expectError(await fx.as("creator2")("PUT", `/courses/${courseId}/modules/order`, { moduleIds: [a] }), 403);
    expectError(await fx.as("learner")("PUT", `/courses/${courseId}/modules/order`, { moduleIds: [a] }), 403);
  });
});

describe("DELETE /courses/{id}/modules/{moduleId}", () => {
  it("deletes the module and its lessons; the other modules close ranks", async () => {
    const courseId = await newCourse(fx);
    const [a, b, c] = [await addModule(courseId, "A"), await addModule(courseId, "B"), await addModule(courseId, "C")];
    await creator("POST", `/courses/${courseId}/modules/${b}/lessons`, { title: "L1", kind: "TEXT" });
    await creator("POST", `/courses/${courseId}/modules/${b}/lessons`, { title: "L2", kind: "TEXT" });
    const res = await creator("DELETE", `/courses/${courseId}/modules/${b}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { id: b, deleted: true, lessonsDeleted: 2 } });
    const outline = await creator("GET", `/courses/${courseId}/modules`);
    expect(outline.body.data.map((m: { id: string; position: number }) => [m.id, m.position])).toEqual([
      [a, 0],
      [c, 1],
    ]);
    expect(outline.body.meta.lessonCount).toBe(0);
    expectError(await creator("DELETE", `/courses/${courseId}/modules/${b}`), 404, "Module not found");
  });

  it("409 when a learner has progress on one of its lessons", async () => {
    const courseId = await newCourse(fx, { status: "PUBLISHED" });
    const moduleId = await addModule(courseId, "A");
    const lesson = await creator("POST", `/courses/${courseId}/modules/${moduleId}/lessons`, { title: "L1", kind: "TEXT" });
    const enrollmentId = await enroll(fx, courseId, fx.userIds.learner);
    await recordProgress(fx, enrollmentId, lesson.body.data.id);
    expectError(await creator("DELETE", `/courses/${courseId}/modules/${moduleId}`), 409, /progress or quiz attempts/);
    expect((await creator("GET", `/courses/${courseId}/modules`)).body.meta).toMatchObject({ moduleCount: 1, lessonCount: 1 });
  });

  it("403 for a learner and another creator", async () => {
    const courseId = await newCourse(fx);
    const moduleId = await addModule(courseId, "A");
    expectError(await fx.as("learner")("DELETE", `/courses/${courseId}/modules/${moduleId}`), 403);
    expectError(await fx.as("creator2")("DELETE", `/courses/${courseId}/modules/${moduleId}`), 403);
    expect((await creator("GET", `/courses/${courseId}/modules`)).body.data).toHaveLength(1);
  });
});

describe("ARCHIVED courses are read-only", () => {
  it("409 on every module write; reading still works", async () => {
    const courseId = await newCourse(fx);
    const moduleId = await addModule(courseId, "A");
    await fx.api.db.update(courses).set({ status: "ARCHIVED" }).where(eq(courses.id, courseId));
    const message = "Course is archived: its content is read-only";
    expectError(await creator("POST", `/courses/${courseId}/modules`, { title: "B" }), 409, message);
    expectError(await creator("PATCH", `/courses/${courseId}/modules/${moduleId}`, { title: "B" }), 409, message);
    expectError(await creator("PUT", `/courses/${courseId}/modules/order`, { moduleIds: [moduleId] }), 409, message);
    expectError(await creator("DELETE", `/courses/${courseId}/modules/${moduleId}`), 409, message);
    expect((await creator("GET", `/courses/${courseId}/modules`)).body.data).toHaveLength(1);
  });
});

describe("cross-tenant: acme callers with globex ids", () => {
  it("404 for globex's course and modules, whatever the operation; nothing changes", async () => {
    const globexCourse = await newCourse(fx, { tenant: "globex" });
    const globexModule = (await fx.as("globexCreator")("POST", `/courses/${globexCourse}/modules`, { title: "Globex" })).body.data.id as string;
    const acmeCourse = await newCourse(fx);
    for (const who of ["admin", "creator"] as const) {
      const call = fx.as(who);
      expectError(await call("GET", `/courses/${globexCourse}/modules`), 404, "Course not found");
      expectError(await call("POST", `/courses/${globexCourse}/modules`, { title: "X" }), 404);
      expectError(await call("PATCH", `/courses/${globexCourse}/modules/${globexModule}`, { title: "X" }), 404);
      expectError(await call("DELETE", `/courses/${globexCourse}/modules/${globexModule}`), 404);
      expectError(await call("PUT", `/courses/${globexCourse}/modules/order`, { moduleIds: [globexModule] }), 404);
      // a globex module id under an acme course
      expectError(await call("PATCH", `/courses/${acmeCourse}/modules/${globexModule}`, { title: "X" }), 404, "Module not found");
      expectError(await call("DELETE", `/courses/${acmeCourse}/modules/${globexModule}`), 404, "Module not found");
    }
    const globexView = await fx.as("globexAdmin")("GET", `/courses/${globexCourse}/modules`);
    expect(globexView.body.data.map((m: { title: string }) => m.title)).toEqual(["Globex"]);
  });

  it("403 when acme's admin names globex in X-Tenant-ID", async () => {
    const globexCourse = await newCourse(fx, { tenant: "globex" });
    const res = await fx.api.call("GET", `/courses/${globexCourse}/modules`, { tenant: "globex", token: fx.tokens.admin });
    expectError(res, 403);
  });
});

describe("side effects", () => {
  it("bumps the course's updatedAt on each change", async () => {
    const courseId = await newCourse(fx);
    const [before] = await fx.api.db.select({ updatedAt: courses.updatedAt }).from(courses).where(eq(courses.id, courseId));
    await new Promise((r) => setTimeout(r, 5));
    await addModule(courseId, "A");
    const [after] = await fx.api.db.select({ updatedAt: courses.updatedAt }).from(courses).where(eq(courses.id, courseId));
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
  });
});

describe("OpenAPI document", () => {
  it("documents every course-content operation with its success status", async () => {
    const doc = await (await fetch(`${fx.api.url}/api/v1/openapi.json`)).json();
    const expected: [string, string, string][] = [
      ["get", "/courses/{id}/modules", "200"],
      ["post", "/courses/{id}/modules", "201"],
      ["put", "/courses/{id}/modules/order", "200"],
      ["patch", "/courses/{id}/modules/{moduleId}", "200"],
      ["delete", "/courses/{id}/modules/{moduleId}", "200"],
      ["post", "/courses/{id}/modules/{moduleId}/lessons", "201"],
      ["put", "/courses/{id}/modules/{moduleId}/lessons/order", "200"],
      ["get", "/courses/{id}/lessons/{lessonId}", "200"],
      ["patch", "/courses/{id}/lessons/{lessonId}", "200"],
      ["delete", "/courses/{id}/lessons/{lessonId}", "200"],
      ["get", "/courses/{id}/questionnaires", "200"],
      ["post", "/courses/{id}/questionnaires", "201"],
      ["get", "/courses/{id}/questionnaires/{questionnaireId}", "200"],
      ["patch", "/courses/{id}/questionnaires/{questionnaireId}", "200"],
      ["delete", "/courses/{id}/questionnaires/{questionnaireId}", "200"],
      ["put", "/courses/{id}/questionnaires/{questionnaireId}/questions", "200"],
    ];
    for (const [method, path, status] of expected) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(Object.keys(op.responses), `${method} ${path}`).toContain(status);
      expect(op.description, `${method} ${path}`).toBeTruthy();
    }
  });
});
