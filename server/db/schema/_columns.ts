import { text, timestamp } from "drizzle-orm/pg-core";

/** Columns every table shares. `tenantId` is only ever filled through db/tenant-scope.ts. */
export const id = () => text().primaryKey();
export const tenantId = () => text().notNull();
export const createdAt = () => timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow();
export const updatedAt = () => timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow();
export const ts = () => timestamp({ withTimezone: true, mode: "date" });
