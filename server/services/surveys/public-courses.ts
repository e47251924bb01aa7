import { and, asc, count, desc, eq, ne } from "drizzle-orm";
import { effectiveCourseNda } from "../billing/legal-identity";
import type { DbOrTx } from "../../db";
import { courses, liveSessions, tenants } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import type { TPublicCourse } from "../../contracts/surveys";
import { notFound } from "../../errors";
import { countOf, paginate, perPagePage } from "../platform/pagination";
import { courseResultIndicators } from "./satisfaction";

/**
 * The tenant's public course pages (Qualiopi indicators 1 and 2), no sign-in: PUBLISHED courses
 * only (a DRAFT or ARCHIVED slug, or another tenant's, is 404 COURSE_NOT_FOUND). The results are
 * the shared figures of satisfaction.ts.
 */
const published = eq(courses.status, "PUBLISHED");

const summary = (c: typeof courses.$inferSelect) => ({
  slug: c.slug,
  title: c.title,
  description: c.description,
  price: c.price,
  currency: c.currency,
  duration: c.duration,
  format: c.format,
  level: c.level,
  publishedAt: c.publishedAt?.toISOString() ?? null,
});

/** GET /public/courses: newest first (the courses_tenant_status_idx order). */
export async function listPublicCourses(db: DbOrTx, scope: TenantScope, q: { page: number; perPage: number }) {
  const page = perPagePage(q);
  const where = scope.where(courses, published);
  return paginate(page, {
    rows: (limit, offset) => db.select().from(courses).where(where).orderBy(desc(courses.createdAt), desc(courses.id)).limit(limit).offset(offset),
    total: () => countOf(db.select({ n: count() }).from(courses).where(where)),
    map: (rows) => rows.map(summary),
  });
}

const plain = (md: string, max: number) => {
  const text = md.replace(/[#*_>`[\]()!-]+/g, " ").replace(/\s+/g, " ").trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
};

/** GET /public/courses/{slug}. */
export async function getPublicCourse(db: DbOrTx, scope: TenantScope, slug: string): Promise<TPublicCourse> {
  const [c] = await db.select().from(courses).where(scope.where(courses, published, eq(courses.slug, slug.toLowerCase()))).limit(1);
  if (!c) throw notFound("Course");
  const [modes, [tenant], results] = await Promise.all([
    db
      .selectDistinct({ mode: liveSessions.deliveryMode })
      .from(liveSessions)
      .where(scope.where(liveSessions, and(eq(liveSessions.courseId, c.id), ne(liveSessions.status, "CANCELLED"))))
      .orderBy(asc(liveSessions.deliveryMode)),
    db.select({ name: tenants.name, branding: tenants.branding }).from(tenants).where(eq(tenants.id, scope.tenantId)).limit(1),
    courseResultIndicators(db, scope, c),
  ]);
  const seo = c.seoMetadata ?? {};
  return {
    ...summary(c),
    pedagogicalObjectives: c.pedagogicalObjectives,
    prerequisites: c.prerequisites,
    targetAudience: c.targetAudience,
    teachingMethods: c.teachingMethods,
    evaluationMethods: c.evaluationMethods,
    accessLeadTime: c.accessLeadTime,
    accessibilityInfo: c.accessibilityInfo,
    disabilityReferentContact: c.disabilityReferentContact,
    // The organisation's NDA (legal identity), the one every document prints.
    activityNumber: await effectiveCourseNda(db, scope.tenantId, c),
    certificationNumber: c.certificationNumber,
    sessionModes: modes.map((m) => m.mode),
    faq: seo.faq ?? [],
    seo: { title: seo.metaTitle || c.title, description: seo.metaDescription || plain(c.description, 160), keywords: seo.keywords ?? [] },
    results,
    tenantName: tenant?.branding?.displayName || tenant?.name || "",
  };
}
