import { index, integer, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, tenantId, ts, updatedAt } from "./_columns";
import { users } from "./identity";
import { tenants } from "./tenancy";

/**
 * Course and enrollment core. The catalogue issue adds the Qualiopi fields, modules,
 * lessons and questionnaires; the columns here are the ones other domains already count on.
 */
export const courseStatusEnum = pgEnum("course_status", ["DRAFT", "PUBLISHED", "ARCHIVED"]);
export const enrollmentStatusEnum = pgEnum("enrollment_status", ["ACTIVE", "COMPLETED", "CANCELLED", "SUSPENDED", "REVOKED"]);

export const courses = pgTable(
  "courses",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    creatorId: text()
      .notNull()
      .references(() => users.id),
    title: text().notNull(),
    slug: text().notNull(),
    description: text().notNull().default(""),
    price: integer().notNull().default(0),
    currency: text().notNull().default("EUR"),
    status: courseStatusEnum().notNull().default("DRAFT"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("courses_tenant_slug_uq").on(t.tenantId, t.slug), index("courses_tenant_status_idx").on(t.tenantId, t.status)],
);

export const enrollments = pgTable(
  "enrollments",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    courseId: text()
      .notNull()
      .references(() => courses.id),
    userId: text()
      .notNull()
      .references(() => users.id),
    status: enrollmentStatusEnum().notNull().default("ACTIVE"),
    enrolledAt: createdAt(),
    completedAt: ts(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("enrollments_tenant_course_user_uq").on(t.tenantId, t.courseId, t.userId),
    index("enrollments_tenant_user_idx").on(t.tenantId, t.userId),
  ],
);
