CREATE TYPE "public"."adaptive_path_variant" AS ENUM('SCORE_RULES', 'MODULE_CHAIN');--> statement-breakpoint
CREATE TABLE "adaptive_paths" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"variant" "adaptive_path_variant" NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"base_course_id" text,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extra_lessons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"target_audience" text,
	"modules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"prerequisite_assessment_id" text,
	"course_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adaptive_paths_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "learner_adaptive_paths" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"enrollment_id" text NOT NULL,
	"course_id" text NOT NULL,
	"adaptive_path_id" text NOT NULL,
	"definition" jsonb NOT NULL,
	"positioning_score" integer NOT NULL,
	"positioning_attempt_id" text,
	"positioning_attempt_at" timestamp with time zone,
	"skipped_lesson_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"extra_lesson_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"hidden_lesson_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"credits_consumed" integer NOT NULL,
	"generated_by" text,
	"generated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adaptive_paths" ADD CONSTRAINT "adaptive_paths_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adaptive_paths" ADD CONSTRAINT "adaptive_paths_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adaptive_paths" ADD CONSTRAINT "adaptive_paths_base_course_fk" FOREIGN KEY ("tenant_id","base_course_id") REFERENCES "public"."courses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_adaptive_paths" ADD CONSTRAINT "learner_adaptive_paths_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_adaptive_paths" ADD CONSTRAINT "learner_adaptive_paths_generated_by_users_id_fk" FOREIGN KEY ("generated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_adaptive_paths" ADD CONSTRAINT "learner_adaptive_paths_enrollment_fk" FOREIGN KEY ("tenant_id","enrollment_id") REFERENCES "public"."enrollments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adaptive_paths_tenant_created_idx" ON "adaptive_paths" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "adaptive_paths_course_ids_idx" ON "adaptive_paths" USING gin ("course_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "learner_adaptive_paths_enrollment_uq" ON "learner_adaptive_paths" USING btree ("tenant_id","enrollment_id");--> statement-breakpoint
CREATE INDEX "learner_adaptive_paths_definition_idx" ON "learner_adaptive_paths" USING btree ("tenant_id","adaptive_path_id","generated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);