CREATE TYPE "public"."complaint_category" AS ENUM('COURSE_QUALITY', 'ADMIN', 'BILLING', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."complaint_severity" AS ENUM('LOW', 'MEDIUM', 'HIGH', 'CRITICAL');--> statement-breakpoint
CREATE TYPE "public"."complaint_status" AS ENUM('NEW', 'IN_REVIEW', 'RESOLVED', 'ESCALATED', 'CLOSED');--> statement-breakpoint
CREATE TYPE "public"."improvement_action_status" AS ENUM('TODO', 'IN_PROGRESS', 'DONE');--> statement-breakpoint
CREATE TYPE "public"."improvement_plan_status" AS ENUM('DRAFT', 'IN_PROGRESS', 'COMPLETED', 'ARCHIVED');--> statement-breakpoint
CREATE TYPE "public"."improvement_plan_trigger" AS ENUM('COMPLAINT', 'AUDIT', 'FEEDBACK', 'PROACTIVE');--> statement-breakpoint
CREATE TABLE "complaint_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"complaint_id" text NOT NULL,
	"author_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_status_history" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"complaint_id" text NOT NULL,
	"from_status" "complaint_status",
	"to_status" "complaint_status" NOT NULL,
	"changed_by" text,
	"note" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"category" "complaint_category" NOT NULL,
	"severity" "complaint_severity" NOT NULL,
	"status" "complaint_status" DEFAULT 'NEW' NOT NULL,
	"course_id" text,
	"session_id" text,
	"attachments" text[] DEFAULT '{}'::text[] NOT NULL,
	"complainant_user_id" text,
	"complainant_name" text,
	"complainant_email" text NOT NULL,
	"complainant_locale" text DEFAULT 'fr' NOT NULL,
	"assigned_to" text,
	"improvement_plan_id" text,
	"resolution" text,
	"corrective_actions" text[] DEFAULT '{}'::text[] NOT NULL,
	"resolved_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"escalation_reason" text,
	"mediator_email" text,
	"closed_at" timestamp with time zone,
	"closed_reason" text,
	"sla_due_at" timestamp with time zone,
	"sla_alerted_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "improvement_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"description" text NOT NULL,
	"owner" text,
	"due_date" date,
	"status" "improvement_action_status" DEFAULT 'TODO' NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "improvement_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"trigger" "improvement_plan_trigger" NOT NULL,
	"status" "improvement_plan_status" DEFAULT 'DRAFT' NOT NULL,
	"owner" text,
	"target_date" date,
	"indicators" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"actions_count" integer DEFAULT 0 NOT NULL,
	"actions_completed" integer DEFAULT 0 NOT NULL,
	"closure_report" text,
	"closed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "improvement_plans_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "complaint_comments" ADD CONSTRAINT "complaint_comments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_comments" ADD CONSTRAINT "complaint_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_comments" ADD CONSTRAINT "complaint_comments_complaint_fk" FOREIGN KEY ("tenant_id","complaint_id") REFERENCES "public"."complaints"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_status_history" ADD CONSTRAINT "complaint_status_history_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_status_history" ADD CONSTRAINT "complaint_status_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_status_history" ADD CONSTRAINT "complaint_status_history_complaint_fk" FOREIGN KEY ("tenant_id","complaint_id") REFERENCES "public"."complaints"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_complainant_user_id_users_id_fk" FOREIGN KEY ("complainant_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_course_fk" FOREIGN KEY ("tenant_id","course_id") REFERENCES "public"."courses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_session_fk" FOREIGN KEY ("tenant_id","session_id") REFERENCES "public"."live_sessions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_plan_fk" FOREIGN KEY ("tenant_id","improvement_plan_id") REFERENCES "public"."improvement_plans"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_actions" ADD CONSTRAINT "improvement_actions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_actions" ADD CONSTRAINT "improvement_actions_owner_users_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_actions" ADD CONSTRAINT "improvement_actions_plan_fk" FOREIGN KEY ("tenant_id","plan_id") REFERENCES "public"."improvement_plans"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_plans" ADD CONSTRAINT "improvement_plans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_plans" ADD CONSTRAINT "improvement_plans_owner_users_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_plans" ADD CONSTRAINT "improvement_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_comments_complaint_idx" ON "complaint_comments" USING btree ("tenant_id","complaint_id","created_at","id");--> statement-breakpoint
CREATE INDEX "complaint_status_history_complaint_idx" ON "complaint_status_history" USING btree ("tenant_id","complaint_id","at","id");--> statement-breakpoint
CREATE INDEX "complaints_tenant_created_idx" ON "complaints" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "complaints_tenant_status_idx" ON "complaints" USING btree ("tenant_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "complaints_tenant_severity_idx" ON "complaints" USING btree ("tenant_id","severity","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "complaints_tenant_assignee_idx" ON "complaints" USING btree ("tenant_id","assigned_to","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "complaints_tenant_plan_idx" ON "complaints" USING btree ("tenant_id","improvement_plan_id");--> statement-breakpoint
CREATE INDEX "complaints_sla_due_idx" ON "complaints" USING btree ("sla_due_at") WHERE sla_alerted_at is null and sla_due_at is not null;--> statement-breakpoint
CREATE INDEX "complaints_status_changed_idx" ON "complaints" USING btree ("status","status_changed_at");--> statement-breakpoint
CREATE INDEX "improvement_actions_plan_idx" ON "improvement_actions" USING btree ("tenant_id","plan_id","created_at","id");--> statement-breakpoint
CREATE INDEX "improvement_plans_tenant_created_idx" ON "improvement_plans" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "improvement_plans_tenant_status_idx" ON "improvement_plans" USING btree ("tenant_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "improvement_plans_tenant_trigger_idx" ON "improvement_plans" USING btree ("tenant_id","trigger","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null;