CREATE TYPE "public"."needs_funding_source" AS ENUM('OPCO', 'CPF', 'POLE_EMPLOI', 'SELF', 'OTHER');--> statement-breakpoint
CREATE TABLE "companies" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"siret" text,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"opco_name" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "needs_analyses" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"company_id" text NOT NULL,
	"enrollment_id" text,
	"objectives" text[] DEFAULT '{}'::text[] NOT NULL,
	"current_level" "course_level" NOT NULL,
	"target_level" "course_level" NOT NULL,
	"context" text NOT NULL,
	"funding_source" "needs_funding_source",
	"recommendations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"gap_analysis" jsonb NOT NULL,
	"provider" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "needs_analyses_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "needs_analyses" ADD CONSTRAINT "needs_analyses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "needs_analyses" ADD CONSTRAINT "needs_analyses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "needs_analyses" ADD CONSTRAINT "needs_analyses_company_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "needs_analyses" ADD CONSTRAINT "needs_analyses_enrollment_fk" FOREIGN KEY ("tenant_id","enrollment_id") REFERENCES "public"."enrollments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_tenant_name_idx" ON "companies" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "needs_analyses_tenant_created_idx" ON "needs_analyses" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "needs_analyses_tenant_company_idx" ON "needs_analyses" USING btree ("tenant_id","company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "needs_analyses_tenant_enrollment_idx" ON "needs_analyses" USING btree ("tenant_id","enrollment_id") WHERE enrollment_id is not null;