import type { TCourse } from "../../contracts/courses";
import type { CourseRow } from "./access";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A course row as the API shows it (the Course resource). */
export function serializeCourse(c: CourseRow): TCourse {
  return {
    id: c.id,
    title: c.title,
    slug: c.slug,
    description: c.description,
    price: c.price,
    currency: c.currency,
    status: c.status,
    duration: c.duration,
    level: c.level,
    language: c.language,
    tags: c.tags,
    format: c.format,
    bannerMediaId: c.bannerMediaId,
    featuredMediaId: c.featuredMediaId,
    seoMetadata: c.seoMetadata,
    pedagogicalObjectives: c.pedagogicalObjectives,
    prerequisites: c.prerequisites,
    targetAudience: c.targetAudience,
    teachingMethods: c.teachingMethods,
    evaluationMethods: c.evaluationMethods,
    accessibilityInfo: c.accessibilityInfo,
    disabilityReferentContact: c.disabilityReferentContact,
    accessLeadTime: c.accessLeadTime,
    successRate: c.successRate,
    activityNumber: c.activityNumber,
    certificationNumber: c.certificationNumber,
    certificationValidUntil: c.certificationValidUntil,
    creatorId: c.creatorId,
    sourceCourseId: c.sourceCourseId,
    viewCount: c.viewCount,
    publishedAt: iso(c.publishedAt),
    archivedAt: iso(c.archivedAt),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}
