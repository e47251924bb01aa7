import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLogs, courses, enrollments } from "../../server/db/schema";
import { newId } from "../../server/lib/ids";
import { startApi, type TestApi } from "../helpers/api";
import { completeCourse, createBulk, createCourse, expectPublicationBlocked, minimalCourse, clearTenantNda, PUBLICATION_BLOCKERS, publishableBulk } from "../helpers/courses";
import { eventRows, expectError, expectUnknownFields, expectValidation, tenantBySlug, userIdOf } from "../helpers/rest";
import { createMember, tokenFor } from "../factories";

let api: TestApi;
let acmeId: string;
let admin: string;
let creator: string;
let otherCreator: string;
let learner: string;
let creatorId: string;

beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  await clearTenantNda(api, acmeId);
  await createMember(api.db, acmeId, "CREATOR", "creator2@acme.test");
  [admin, creator, otherCreator, learner] = await Promise.all([
    tokenFor(api, "acme", "admin"),
    tokenFor(api, "acme", "creator"),
    tokenFor(api, "acme", "creator2"),
    tokenFor(api, "acme", "learner"),
  ]);
  creatorId = await userIdOf(api, "creator@acme.test");
});
afterAll(() => api.close());

const call = (method: string, path: string, token: string, body?: unknown) => api.call(method, path, { tenant: "acme", token, body });

describe("POST /courses", () => {
  it("creates a DRAFT with a slug from the title and logs course.created", async () => {
    const res = await call("POST", "/courses", creator, completeCourse({ title: "Gestes et postures : l'essentiel", level: "BEGINNER", tags: ["sécurité", "sécurité", "ergonomie"], format: "PRESENTIAL", language: "fr", certificationNumber: "RS1234", certificationValidUntil: "2099-01-31" }));
    expect(res.status).toBe(201);
    const c = res.body.data;
    expect(c).toMatchObject({
      id: expect.stringMatching(/^crs_[a-z0-9]{24}$/),
      title: "Gestes et postures : l'essentiel",
      slug: "gestes-et-postures-l-essentiel",
      status: "DRAFT",
      price: 19900,
      currency: "EUR",
      duration: 14,
      level: "BEGINNER",
      format: "PRESENTIAL",
      tags: ["sécurité", "ergonomie"],
      creatorId,
      pedagogicalObjectives: expect.any(String),
      certificationValidUntil: "2099-01-31",
      bannerMediaId: null,
      featuredMediaId: null,
      publishedAt: null,
      archivedAt: null,
      viewCount: 0,
      sourceCourseId: null,
    });
    const logs = await api.db.select().from(activityLogs).where(and(eq(activityLogs.courseId, c.id), eq(activityLogs.action, "course.created")));
    expect(logs).toHaveLength(1);
    expect(logs[0]!.userId).toBe(creatorId);
  });

  it("makes slugs unique within the tenant (-2, -3) and keeps reserved path words free", async () => {
    const a = await createCourse(api, "acme", creator, minimalCourse({ title: "Slug Unique" }));
    const b = await createCourse(api, "acme", creator, minimalCourse({ title: "Slug unique!" }));
    const c = await createCourse(api, "acme", admin, minimalCourse({ title: "SLUG UNIQUE" }));
    expect([a.slug, b.slug, c.slug]).toEqual(["slug-unique", "slug-unique-2", "slug-unique-3"]);
    const globex = await createCourse(api, "globex", await tokenFor(api, "globex", "creator"), minimalCourse({ title: "Slug Unique" }));
    expect(globex.slug).toBe("slug-unique");
    expect((await createCourse(api, "acme", creator, minimalCourse({ title: "My courses" }))).slug).toBe("my-courses-2");
  });

  it("accepts an ADMIN (courses.create)", async () => {
    expect((await createCourse(api, "acme", admin, minimalCourse({ title: "Par l'admin" }))).creatorId).toBe(await userIdOf(api, "admin@acme.test"));
  });

  it("answers 422 for missing or invalid fields (the spec's code) and 400 for unknown fields", async () => {
    expectValidation(await call("POST", "/courses", creator, {}), ["title", "description", "price", "currency"], 422);
    expectValidation(await call("POST", "/courses", creator, minimalCourse({ title: "x".repeat(201) })), ["title"], 422);
    expectValidation(await call("POST", "/courses", creator, minimalCourse({ price: 10.5 })), ["price"], 422);
    expectValidation(await call("POST", "/courses", creator, minimalCourse({ price: -1 })), ["price"], 422);
    expectValidation(await call("POST", "/courses", creator, minimalCourse({ price: "100" })), ["price"], 422);
    expectValidation(await call("POST", "/courses", creator, minimalCourse({ currency: "eur" })), ["currency"], 422);
    expectValidation(await call("POST", "/courses", creator, minimalCourse({ level: "GURU", format: "PODCAST" })), ["level", "format"], 422);
    expectValidation(await call("POST", "/courses", creator, minimalCourse({ certificationValidUntil: "2025-02-30" })), ["certificationValidUntil"], 422);
    expectUnknownFields(await call("POST", "/courses", creator, minimalCourse({ status: "PUBLISHED", tenantId: "x", slug: "mine" })), ["status", "tenantId", "slug"]);
  });

  it("answers 401 without a token and 403 for a LEARNER or TRAINER", async () => {
    expectError(await api.call("POST", "/courses", { tenant: "acme", body: minimalCourse() }), 401, "Unauthorized");
    expectError(await call("POST", "/courses", learner, minimalCourse()), 403, "Forbidden: CREATOR or ADMIN required");
    expectError(await call("POST", "/courses", await tokenFor(api, "acme", "trainer"), minimalCourse()), 403);
  });
});

describe("PATCH /courses/{id}", () => {
  it("updates the owner's course partially; the slug never changes", async () => {
    const c = await createCourse(api, "acme", creator, minimalCourse({ title: "À modifier" }));
    const res = await call("PATCH", `/courses/${c.id}`, creator, { title: "Modifié", price: 5000, prerequisites: "Aucun", tags: ["a"] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: c.id, title: "Modifié", slug: c.slug, price: 5000, prerequisites: "Aucun", tags: ["a"], description: "Une description." });
    const cleared = await call("PATCH", `/courses/${c.id}`, creator, { prerequisites: null, level: null });
    expect(cleared.body.data).toMatchObject({ prerequisites: null, level: null });
    await call("PATCH", `/courses/${c.id}`, creator, { seoMetadata: { faq: [{ question: "Q ?", answer: "R." }] } });
    const seo = await call("PATCH", `/courses/${c.id}`, creator, { seoMetadata: { metaTitle: "Titre SEO" } });
    expect(seo.body.data.seoMetadata).toEqual({ metaTitle: "Titre SEO", faq: [{ question: "Q ?", answer: "R." }] });
  });

  it("refuses a slug (400 Slug is immutable) and unknown fields", async () => {
    const c = await createCourse(api, "acme", creator, minimalCourse({ title: "Slug figé" }));
    const res = await call("PATCH", `/courses/${c.id}`, creator, { slug: "autre" });
    expectValidation(res, ["slug"]);
    expect(res.body.errors.slug).toEqual(["Slug is immutable"]);
    expectUnknownFields(await call("PATCH", `/courses/${c.id}`, creator, { creatorId: "usr_x", viewCount: 9 }), ["creatorId", "viewCount"]);
    expectValidation(await call("PATCH", `/courses/${c.id}`, creator, { status: "DELETED" }), ["status"]);
  });

  it("lets an ADMIN patch; another CREATOR gets 403; a LEARNER 403; unknown id 404", async () => {
    const c = await createCourse(api, "acme", creator, minimalCourse({ title: "Propriété" }));
    expect((await call("PATCH", `/courses/${c.id}`, admin, { price: 1 })).status).toBe(200);
    expectError(await call("PATCH", `/courses/${c.id}`, otherCreator, { price: 2 }), 403, "Forbidden: you do not own this course");
    expectError(await call("PATCH", `/courses/${c.id}`, learner, { price: 2 }), 403);
    expectError(await call("PATCH", `/courses/crs_doesnotexist000000000000`, creator, { price: 2 }), 404, "Course not found");
    expectError(await api.call("PATCH", `/courses/${c.id}`, { tenant: "acme", body: { price: 2 } }), 401);
  });
});

describe("publication (DRAFT -> PUBLISHED)", () => {
  it("answers 422 with one entry per missing field, and qualiopi-status lists the same", async () => {
    const c = await createCourse(api, "acme", creator, minimalCourse({ title: "Incomplet" }));
    const res = await call("POST", `/courses/${c.id}/publish`, creator);
    expectPublicationBlocked(res, PUBLICATION_BLOCKERS);
    const status = await call("GET", `/courses/${c.id}/qualiopi-status`, creator);
    expect(status.status).toBe(200);
    expect(status.body.data.valid).toBe(false);
    expect(status.body.data.errors).toEqual(res.body.errors);
    expect(status.body.data.check.canPublish).toBe(false);
    expect(status.body.data.check.blockers.map((b: { message: string }) => b.message)).toEqual(PUBLICATION_BLOCKERS);
    const row = await api.db.select().from(courses).where(eq(courses.id, c.id));
    expect(row[0]!.status).toBe("DRAFT");
    expect((await eventRows(api, acmeId, "course.published")).filter((e) => (e.data as { courseId: string }).courseId === c.id)).toHaveLength(0);
  });

  it("publishes once the fields are filled, with course.published in the outbox", async () => {
    const c = await createBulk(api, "acme", creator, minimalCourse({ title: "À compléter", modules: [{ title: "M", lessons: [{ title: "L", kind: "TEXT" }] }] }));
    const first = await call("POST", `/courses/${c.id}/publish`, creator);
    expect(first.status).toBe(422);
    expect(first.body.errors).not.toContain("modules: at least one module with at least one lesson is required");
    const patch = await call("PATCH", `/courses/${c.id}`, creator, { ...completeCourse(), title: "Complet" });
    expect(patch.status).toBe(200);
    const status = await call("GET", `/courses/${c.id}/qualiopi-status`, creator);
    expect(status.body.data).toMatchObject({ valid: true, errors: [] });
    const res = await call("POST", `/courses/${c.id}/publish`, creator);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ id: c.id, status: "PUBLISHED", publishedAt: expect.any(String) });
    const evs = (await eventRows(api, acmeId, "course.published")).filter((e) => (e.data as { courseId: string }).courseId === c.id);
    expect(evs).toHaveLength(1);
    expect(evs[0]!.data).toMatchObject({ courseId: c.id, title: "Complet", slug: c.slug, previousStatus: "DRAFT" });
    // idempotent: a second publish answers 201 without a second event
    expect((await call("POST", `/courses/${c.id}/publish`, creator)).status).toBe(201);
    expect((await eventRows(api, acmeId, "course.published")).filter((e) => (e.data as { courseId: string }).courseId === c.id)).toHaveLength(1);
  });

  it("names activityNumber only when the tenant's OF mode is on; refuses a past certification date", async () => {
    const { activityNumber: _a, ...rest } = completeCourse();
    const c = await createBulk(api, "acme", creator, { ...rest, title: "Sans NDA", modules: [{ title: "M", lessons: [{ title: "L", kind: "TEXT" }] }], certificationValidUntil: "2000-01-01" });
    expectPublicationBlocked(await call("POST", `/courses/${c.id}/publish`, creator), ["activityNumber is required (OF mode)", "certificationValidUntil is in the past"]);
    await call("PATCH", "/tenants/me/of-mode", admin, { enabled: false });
    try {
      expectPublicationBlocked(await call("POST", `/courses/${c.id}/publish`, creator), ["certificationValidUntil is in the past"]);
      await call("PATCH", `/courses/${c.id}`, creator, { certificationValidUntil: "2099-12-31" });
      expect((await call("POST", `/courses/${c.id}/publish`, creator)).status).toBe(201);
    } finally {
      await call("PATCH", "/tenants/me/of-mode", admin, { enabled: true });
    }
  });

  it("PATCH status PUBLISHED follows the same rules and emits the event", async () => {
    const bad = await createCourse(api, "acme", creator, minimalCourse({ title: "Patch incomplet" }));
    expectPublicationBlocked(await call("PATCH", `/courses/${bad.id}`, creator, { status: "PUBLISHED" }), PUBLICATION_BLOCKERS);
    expect((await api.db.select().from(courses).where(eq(courses.id, bad.id)))[0]!.status).toBe("DRAFT");
    const good = await createBulk(api, "acme", creator, publishableBulk({ title: "Patch complet" }));
    const ok = await call("PATCH", `/courses/${good.id}`, creator, { status: "PUBLISHED", price: 100 });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: "PUBLISHED", price: 100 });
    expect((await eventRows(api, acmeId, "course.published")).some((e) => (e.data as { courseId: string }).courseId === good.id)).toBe(true);
    // a published course must stay publishable
    expectPublicationBlocked(await call("PATCH", `/courses/${good.id}`, creator, { pedagogicalObjectives: null }), ["pedagogicalObjectives is required"]);
    expect((await api.db.select().from(courses).where(eq(courses.id, good.id)))[0]!.pedagogicalObjectives).not.toBeNull();
  });

  it("answers 403 to another creator and 404 for an unknown course", async () => {
    const c = await createBulk(api, "acme", creator, publishableBulk({ title: "Pas à toi" }));
    expectError(await call("POST", `/courses/${c.id}/publish`, otherCreator), 403);
    expectError(await call("POST", `/courses/${c.id}/publish`, learner), 403);
    expectError(await call("POST", "/courses/crs_unknown/publish", creator), 404);
  });
});

describe("archiving (any -> ARCHIVED)", () => {
  it("DELETE archives with course.archived; the course leaves the catalogue; enrolled learners keep access", async () => {
    const c = await createBulk(api, "acme", creator, publishableBulk({ title: "Archivable unique zebra", publish: true }));
    const learnerId = await userIdOf(api, "learner@acme.test");
    await api.db.insert(enrollments).values({ id: newId("enr"), tenantId: acmeId, courseId: c.id, userId: learnerId });
    const inCatalogue = async () => (await api.call("GET", "/courses?q=zebra", { tenant: "acme" })).body.data.map((x: { id: string }) => x.id);
    expect(await inCatalogue()).toEqual([c.id]);

    const res = await call("DELETE", `/courses/${c.id}`, creator);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: c.id, status: "ARCHIVED", archivedAt: expect.any(String) });
    const evs = (await eventRows(api, acmeId, "course.archived")).filter((e) => (e.data as { courseId: string }).courseId === c.id);
    expect(evs).toHaveLength(1);
    expect(evs[0]!.data).toMatchObject({ previousStatus: "PUBLISHED" });

    expect(await inCatalogue()).toEqual([]);
    expectError(await api.call("GET", `/courses/${c.slug}`, { tenant: "acme" }), 404, "Course not found");
    expectError(await call("GET", `/courses/${c.slug}`, await tokenFor(api, "acme", "learner2")), 404);
    const enrolled = await call("GET", `/courses/${c.slug}`, learner);
    expect(enrolled.status).toBe(200);
    expect(enrolled.body.data).toMatchObject({ id: c.id, status: "ARCHIVED" });
    expect((await call("GET", `/courses/${c.slug}`, creator)).status).toBe(200);
    expect((await call("GET", `/courses/${c.slug}`, admin)).status).toBe(200);

    // archiving again changes nothing
    expect((await call("DELETE", `/courses/${c.id}`, creator)).status).toBe(200);
    expect((await eventRows(api, acmeId, "course.archived")).filter((e) => (e.data as { courseId: string }).courseId === c.id)).toHaveLength(1);
    // an archived course is not published again (409), but can be restored as a draft
    expectError(await call("POST", `/courses/${c.id}/publish`, creator), 409);
    expectError(await call("PATCH", `/courses/${c.id}`, creator, { status: "PUBLISHED" }), 409);
    const restored = await call("PATCH", `/courses/${c.id}`, creator, { status: "DRAFT" });
    expect(restored.body.data).toMatchObject({ status: "DRAFT", archivedAt: null });
  });

  it("archives a DRAFT too, and PATCH status ARCHIVED does the same as DELETE", async () => {
    const d = await createCourse(api, "acme", creator, minimalCourse({ title: "Brouillon à archiver" }));
    expect((await call("DELETE", `/courses/${d.id}`, admin)).body.data.status).toBe("ARCHIVED");
    const p = await createCourse(api, "acme", creator, minimalCourse({ title: "Patch archive" }));
    const res = await call("PATCH", `/courses/${p.id}`, creator, { status: "ARCHIVED" });
    expect(res.body.data).toMatchObject({ status: "ARCHIVED", archivedAt: expect.any(String) });
    for (const id of [d.id, p.id]) {
      expect((await eventRows(api, acmeId, "course.archived")).filter((e) => (e.data as { courseId: string }).courseId === id)).toHaveLength(1);
    }
  });

  it("PATCH status DRAFT unpublishes a PUBLISHED course without an event", async () => {
    const c = await createBulk(api, "acme", creator, publishableBulk({ title: "Dépublier", publish: true }));
    const res = await call("PATCH", `/courses/${c.id}`, creator, { status: "DRAFT" });
    expect(res.body.data.status).toBe("DRAFT");
    expectError(await api.call("GET", `/courses/${c.slug}`, { tenant: "acme" }), 404);
  });

  it("answers 401, 403 and 404", async () => {
    const c = await createCourse(api, "acme", creator, minimalCourse({ title: "Protégé" }));
    expectError(await api.call("DELETE", `/courses/${c.id}`, { tenant: "acme" }), 401);
    expectError(await call("DELETE", `/courses/${c.id}`, otherCreator), 403);
    expectError(await call("DELETE", `/courses/${c.id}`, learner), 403);
    expectError(await call("DELETE", "/courses/crs_nope", creator), 404);
    expect((await api.db.select().from(courses).where(eq(courses.id, c.id)))[0]!.status).toBe("DRAFT");
  });
});

describe("POST /courses/{id}/duplicate", () => {
  it("copies a course as a DRAFT with its structure, without lesson media", async () => {
    const src = await createBulk(
      api,
      "acme",
      creator,
      publishableBulk({
        title: "Original",
        publish: true,
        modules: [
          { title: "M1", lessons: [{ title: "L1", kind: "TEXT", content: "# Bonjour" }, { title: "Quiz", kind: "QUIZ" }] },
          { title: "M2", lessons: [{ title: "L2", kind: "VIDEO" }] },
        ],
        questionnaires: [{ title: "Quiz final", kind: "QUIZ", passMark: 70, questions: [{ kind: "TRUE_FALSE", prompt: "Vrai ?", choices: [{ label: "Vrai", correct: true }, { label: "Faux", correct: false }] }] }],
      }),
    );
    const res = await call("POST", `/courses/${src.id}/duplicate`, otherCreator);
    expect(res.status).toBe(201);
    const copy = res.body.data;
    expect(copy).toMatchObject({ title: "Copie de Original", slug: "copie-de-original", status: "DRAFT", sourceCourseId: src.id, creatorId: await userIdOf(api, "creator2@acme.test"), publishedAt: null, viewCount: 0, price: src.price });
    expect(copy.id).not.toBe(src.id);
    const detail = await call("GET", `/courses/by-id/${copy.id}`, otherCreator);
    expect(detail.body.data.modules.map((m: { title: string; lessons: { title: string }[] }) => [m.title, m.lessons.map((l) => l.title)])).toEqual([
      ["M1", ["L1", "Quiz"]],
      ["M2", ["L2"]],
    ]);
    expect(detail.body.data.questionnaires).toEqual([expect.objectContaining({ title: "Quiz final", kind: "QUIZ", passMark: 70, questionCount: 1 })]);
    const quizLesson = detail.body.data.modules[0].lessons[1];
    expect(quizLesson.questionnaireId).toBe(detail.body.data.questionnaires[0].id);
    for (const m of detail.body.data.modules) for (const l of m.lessons) expect([l.mediaId, l.mediaUrl]).toEqual([null, null]);
    expect((await api.db.select().from(activityLogs).where(and(eq(activityLogs.courseId, copy.id), eq(activityLogs.action, "course.duplicated")))).length).toBe(1);
    // a second copy gets the next slug; English courses get "Copy of"
    expect((await call("POST", `/courses/${src.id}/duplicate`, creator)).body.data.slug).toBe("copie-de-original-2");
    const en = await createCourse(api, "acme", creator, minimalCourse({ title: "English course", language: "en" }));
    expect((await call("POST", `/courses/${en.id}/duplicate`, creator)).body.data.title).toBe("Copy of English course");
  });

  it("answers 404 for an unknown course, 403 for a LEARNER or another creator's draft", async () => {
    const draft = await createCourse(api, "acme", creator, minimalCourse({ title: "Brouillon privé" }));
    expectError(await call("POST", "/courses/crs_none/duplicate", creator), 404);
    expectError(await call("POST", `/courses/${draft.id}/duplicate`, learner), 403);
    expectError(await call("POST", `/courses/${draft.id}/duplicate`, otherCreator), 403);
    expect((await call("POST", `/courses/${draft.id}/duplicate`, admin)).status).toBe(201);
  });
});
