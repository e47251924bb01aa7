ALTER TABLE "tenant_legal_identities" ADD COLUMN "signatory_name" text;--> statement-breakpoint
ALTER TABLE "tenant_legal_identities" ADD COLUMN "signatory_role" text;--> statement-breakpoint
ALTER TABLE "tenant_legal_identities" ADD COLUMN "signature_image" text;