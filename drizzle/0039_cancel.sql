CREATE TYPE "public"."invoice_pdf_status" AS ENUM('PENDING', 'READY', 'FAILED');--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pdf_status" "invoice_pdf_status";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pdf_error" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pdf_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancellation_credit_note_id" text;