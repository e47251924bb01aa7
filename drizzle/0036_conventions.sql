CREATE TYPE "public"."convention_kind" AS ENUM('CONVENTION', 'CONTRACT');--> statement-breakpoint
CREATE TYPE "public"."convention_payer" AS ENUM('EMPLOYER', 'OPCO', 'LEARNER', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."convention_version_status" AS ENUM('DRAFT', 'SENT', 'SIGNED', 'SUPERSEDED');--> statement-breakpoint
CREATE TABLE "convention_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"convention_id" text NOT NULL,
	"version" integer NOT NULL,
	"status" "convention_version_status" DEFAULT 'DRAFT' NOT NULL,
	"content" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"document_id" text NOT NULL,
	"sha256" text NOT NULL,
	"generated_by" text,
	"generated_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" text,
	"sent_to" text,
	"sign_token_hash" text,
	"sign_token_expires_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"signer_name" text,
	"signer_ip" text,
	"signer_user_agent_hash" text,
	"signature_method" text,
	"signature_sha256" text,
	"signed_document_id" text,
	"signed_sha256" text,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "convention_versions_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "conventions" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"enrollment_id" text NOT NULL,
	"kind" "convention_kind" NOT NULL,
	"payer" "convention_payer" NOT NULL,
	"client_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conventions_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "convention_versions" ADD CONSTRAINT "convention_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convention_versions" ADD CONSTRAINT "convention_versions_generated_by_users_id_fk" FOREIGN KEY ("generated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convention_versions" ADD CONSTRAINT "convention_versions_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convention_versions" ADD CONSTRAINT "convention_versions_convention_fk" FOREIGN KEY ("tenant_id","convention_id") REFERENCES "public"."conventions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conventions" ADD CONSTRAINT "conventions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conventions" ADD CONSTRAINT "conventions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conventions" ADD CONSTRAINT "conventions_enrollment_fk" FOREIGN KEY ("tenant_id","enrollment_id") REFERENCES "public"."enrollments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conventions" ADD CONSTRAINT "conventions_client_fk" FOREIGN KEY ("tenant_id","client_id") REFERENCES "public"."billing_clients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "convention_versions_number_uq" ON "convention_versions" USING btree ("tenant_id","convention_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "convention_versions_token_uq" ON "convention_versions" USING btree ("sign_token_hash");--> statement-breakpoint
CREATE INDEX "convention_versions_convention_idx" ON "convention_versions" USING btree ("tenant_id","convention_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conventions_enrollment_uq" ON "conventions" USING btree ("tenant_id","enrollment_id");