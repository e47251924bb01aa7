CREATE TYPE "public"."document_kind" AS ENUM('CERTIFICATE', 'CONVENTION', 'CONVOCATION', 'ATTESTATION', 'PROGRAMME', 'EMARGEMENT', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."document_subject" AS ENUM('ENROLLMENT', 'SESSION_PARTICIPANT', 'COURSE');--> statement-breakpoint
CREATE TYPE "public"."template_category" AS ENUM('CONVENTION', 'CONVOCATION', 'ATTESTATION', 'PROGRAMME', 'EMARGEMENT', 'INVOICE', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."template_field_type" AS ENUM('TEXT', 'NUMBER', 'DATE', 'BOOLEAN');--> statement-breakpoint
CREATE TYPE "public"."template_kind" AS ENUM('SYSTEM', 'CUSTOM');--> statement-breakpoint
CREATE TABLE "documents" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" "document_kind" NOT NULL,
	"template_id" text,
	"subject_type" "document_subject" NOT NULL,
	"subject_id" text NOT NULL,
	"user_id" text,
	"enrollment_id" text,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_path" text NOT NULL,
	"generated_by" text,
	"generated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "template_fields" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"template_id" text NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"type" "template_field_type" DEFAULT 'TEXT' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"category" "template_category" NOT NULL,
	"kind" "template_kind" DEFAULT 'CUSTOM' NOT NULL,
	"body" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"system_key" text,
	"source_template_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "templates_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_generated_by_users_id_fk" FOREIGN KEY ("generated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_template_fk" FOREIGN KEY ("tenant_id","template_id") REFERENCES "public"."templates"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_enrollment_fk" FOREIGN KEY ("tenant_id","enrollment_id") REFERENCES "public"."enrollments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_fields" ADD CONSTRAINT "template_fields_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_fields" ADD CONSTRAINT "template_fields_template_fk" FOREIGN KEY ("tenant_id","template_id") REFERENCES "public"."templates"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_subject_uq" ON "documents" USING btree ("tenant_id","kind","subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "documents_tenant_generated_idx" ON "documents" USING btree ("tenant_id","generated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"kind");--> statement-breakpoint
CREATE INDEX "documents_tenant_user_idx" ON "documents" USING btree ("tenant_id","user_id","generated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"kind");--> statement-breakpoint
CREATE INDEX "documents_tenant_enrollment_idx" ON "documents" USING btree ("tenant_id","enrollment_id","generated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"kind");--> statement-breakpoint
CREATE INDEX "documents_tenant_template_idx" ON "documents" USING btree ("tenant_id","template_id") WHERE "documents"."template_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "template_fields_key_uq" ON "template_fields" USING btree ("tenant_id","template_id","key");--> statement-breakpoint
CREATE INDEX "template_fields_position_idx" ON "template_fields" USING btree ("tenant_id","template_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_tenant_system_uq" ON "templates" USING btree ("tenant_id","system_key") WHERE "templates"."system_key" is not null;--> statement-breakpoint
CREATE INDEX "templates_tenant_created_idx" ON "templates" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "templates_tenant_category_idx" ON "templates" USING btree ("tenant_id","category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "templates_tenant_filters_idx" ON "templates" USING btree ("tenant_id","kind","is_active","category");