ALTER TABLE "invoices" ADD COLUMN "service_period_start" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "service_period_end" date;--> statement-breakpoint
ALTER TABLE "tenant_legal_identities" ADD COLUMN "vat_on_debits" boolean DEFAULT false NOT NULL;