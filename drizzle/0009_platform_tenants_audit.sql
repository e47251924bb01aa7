CREATE TYPE "public"."tenant_status" AS ENUM('ACTIVE', 'SUSPENDED');--> statement-breakpoint
DROP INDEX "audit_logs_tenant_created_idx";--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "status" "tenant_status" DEFAULT 'ACTIVE' NOT NULL;--> statement-breakpoint
CREATE INDEX "tenants_created_idx" ON "tenants" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_actor_created_idx" ON "audit_logs" USING btree ("tenant_id","actor_user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_action_created_idx" ON "audit_logs" USING btree ("tenant_id","action","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_created_idx" ON "audit_logs" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);