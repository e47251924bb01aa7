CREATE TYPE "public"."verification_document_type" AS ENUM('ATTENDANCE_SHEET', 'ATTENDANCE_ATTESTATION', 'CERTIFICATE', 'CONVENTION', 'CONVOCATION', 'PROGRAMME', 'INVOICE', 'CREDIT_NOTE', 'AUDIT_REPORT', 'OTHER');--> statement-breakpoint
CREATE TABLE "document_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"code" text NOT NULL,
	"document_type" "verification_document_type" NOT NULL,
	"document_ref" text NOT NULL,
	"reference" text,
	"title" text NOT NULL,
	"names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"sha256" text,
	"size_bytes" bigint,
	"sealed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_verifications_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "document_verifications" ADD CONSTRAINT "document_verifications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_verifications_code_uq" ON "document_verifications" USING btree ("code");--> statement-breakpoint
CREATE INDEX "document_verifications_ref_idx" ON "document_verifications" USING btree ("tenant_id","document_type","document_ref","issued_at" DESC NULLS FIRST) WHERE "document_verifications"."sha256" is not null;