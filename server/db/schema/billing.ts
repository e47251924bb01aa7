import { foreignKey, index, integer, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, tenantId } from "./_columns";
import { courses } from "./learning";
import { users } from "./identity";
import { tenants } from "./tenancy";

/** Payment core (the payments issue adds intents, refunds and gateway callbacks). */
export const paymentGatewayEnum = pgEnum("payment_gateway", ["PSP_A_ISV", "PSP_B", "FREE"]);
export const paymentStatusEnum = pgEnum("payment_status", ["PENDING", "CAPTURED", "REFUNDED", "FAILED"]);

export const payments = pgTable(
  "payments",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    courseId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id),
    amount: integer().notNull(),
    currency: text().notNull().default("EUR"),
    gateway: paymentGatewayEnum().notNull(),
    status: paymentStatusEnum().notNull().default("PENDING"),
    gatewayPaymentId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("payments_tenant_status_idx").on(t.tenantId, t.status),
    foreignKey({ name: "payments_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }),
  ],
);
