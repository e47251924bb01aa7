CREATE TABLE "list_totals" (
	"tenant_id" text NOT NULL,
	"key" text NOT NULL,
	"shard" integer DEFAULT 0 NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "list_totals_pk" PRIMARY KEY("tenant_id","key","shard")
);
--> statement-breakpoint
DROP INDEX "memberships_tenant_created_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_to_idx";--> statement-breakpoint
DROP INDEX "activity_logs_tenant_created_idx";--> statement-breakpoint
DROP INDEX "activity_logs_course_idx";--> statement-breakpoint
DROP INDEX "activity_logs_enrollment_idx";--> statement-breakpoint
DROP INDEX "ai_credit_ledger_tenant_idx";--> statement-breakpoint
DROP INDEX "courses_tenant_status_idx";--> statement-breakpoint
DROP INDEX "courses_tenant_creator_idx";--> statement-breakpoint
DROP INDEX "enrollments_tenant_user_idx";--> statement-breakpoint
DROP INDEX "enrollments_tenant_course_idx";--> statement-breakpoint
DROP INDEX "live_sessions_tenant_sched_idx";--> statement-breakpoint
DROP INDEX "live_sessions_course_idx";--> statement-breakpoint
CREATE INDEX "memberships_tenant_role_created_idx" ON "memberships" USING btree ("tenant_id","role","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "courses_tenant_created_idx" ON "courses" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "enrollments_tenant_enrolled_idx" ON "enrollments" USING btree ("tenant_id","enrolled_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "memberships_tenant_created_idx" ON "memberships" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activity_logs_tenant_created_idx" ON "activity_logs" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activity_logs_course_idx" ON "activity_logs" USING btree ("tenant_id","course_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activity_logs_enrollment_idx" ON "activity_logs" USING btree ("tenant_id","enrollment_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ai_credit_ledger_tenant_idx" ON "ai_credit_ledger" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "courses_tenant_status_idx" ON "courses" USING btree ("tenant_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "courses_tenant_creator_idx" ON "courses" USING btree ("tenant_id","creator_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "enrollments_tenant_user_idx" ON "enrollments" USING btree ("tenant_id","user_id","enrolled_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "enrollments_tenant_course_idx" ON "enrollments" USING btree ("tenant_id","course_id","status");--> statement-breakpoint
CREATE INDEX "live_sessions_tenant_sched_idx" ON "live_sessions" USING btree ("tenant_id","scheduled_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "live_sessions_course_idx" ON "live_sessions" USING btree ("tenant_id","course_id","scheduled_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);