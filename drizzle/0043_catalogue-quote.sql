CREATE TYPE "public"."needs_analysis_source" AS ENUM('STAFF', 'QUOTE_REQUEST');--> statement-breakpoint
ALTER TABLE "needs_analyses" ADD COLUMN "source" "needs_analysis_source" DEFAULT 'STAFF' NOT NULL;--> statement-breakpoint
ALTER TABLE "needs_analyses" ADD COLUMN "requested_course_id" text;--> statement-breakpoint
ALTER TABLE "needs_analyses" ADD COLUMN "learner_count" integer;--> statement-breakpoint
ALTER TABLE "needs_analyses" ADD CONSTRAINT "needs_analyses_requested_course_fk" FOREIGN KEY ("tenant_id","requested_course_id") REFERENCES "public"."courses"("tenant_id","id") ON DELETE no action ON UPDATE no action;