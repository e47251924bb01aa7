CREATE TYPE "public"."bpf_status" AS ENUM('GENERATED', 'SUBMITTED');--> statement-breakpoint
CREATE TYPE "public"."client_kind" AS ENUM('COMPANY', 'OPCO', 'INDIVIDUAL', 'PUBLIC');--> statement-breakpoint
CREATE TYPE "public"."facturx_profile" AS ENUM('BASIC', 'EN16931', 'EXTENDED');--> statement-breakpoint
CREATE TYPE "public"."invoice_kind" AS ENUM('INVOICE', 'CREDIT_NOTE');--> statement-breakpoint
CREATE TYPE "public"."invoice_payer" AS ENUM('EMPLOYER', 'OPCO', 'LEARNER', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('DRAFT', 'ISSUED', 'PAID', 'CANCELLED', 'OVERDUE');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('PENDING', 'COMPLETED');--> statement-breakpoint
CREATE TYPE "public"."vat_regime" AS ENUM('LIABLE', 'EXEMPT_261_4_4A');--> statement-breakpoint
CREATE TABLE "billing_clients" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" "client_kind" DEFAULT 'COMPANY' NOT NULL,
	"name" text NOT NULL,
	"siren" text,
	"siret" text,
	"vat_number" text,
	"address_line1" text,
	"address_line2" text,
	"postal_code" text,
	"city" text,
	"country" text DEFAULT 'FR' NOT NULL,
	"email" text,
	"user_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_clients_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "bpf_snapshots" (
	"tenant_id" text NOT NULL,
	"year" integer NOT NULL,
	"status" "bpf_status" DEFAULT 'GENERATED' NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"generated_by" text,
	"submitted_at" date,
	"receipt_id" text,
	"notes" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bpf_snapshots_pk" PRIMARY KEY("tenant_id","year")
);
--> statement-breakpoint
CREATE TABLE "gateway_events" (
	"gateway" "payment_gateway" NOT NULL,
	"event_id" text NOT NULL,
	"tenant_id" text,
	"payment_id" text,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_events_pk" PRIMARY KEY("gateway","event_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"tenant_id" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counters_pk" PRIMARY KEY("tenant_id","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" "invoice_kind" DEFAULT 'INVOICE' NOT NULL,
	"credited_invoice_id" text,
	"client_id" text NOT NULL,
	"number" text,
	"number_year" integer,
	"number_seq" integer,
	"status" "invoice_status" DEFAULT 'DRAFT' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"items" jsonb NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"due_date" date,
	"payment_terms" text,
	"purchase_order" text,
	"notes" text,
	"enrollment_id" text,
	"payer" "invoice_payer",
	"seller" jsonb,
	"buyer" jsonb,
	"vat_regime" "vat_regime",
	"facturx_profile" "facturx_profile",
	"xml_attached" boolean DEFAULT false NOT NULL,
	"pdf_a_3" boolean DEFAULT false NOT NULL,
	"pdf_path" text,
	"pdf_sha256" text,
	"pdf_size" integer,
	"signed" boolean DEFAULT false NOT NULL,
	"signature_provider" text,
	"signature_level" text,
	"signature_id" text,
	"issued_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" "refund_status" DEFAULT 'PENDING' NOT NULL,
	"gateway_refund_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tenant_legal_identities" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"legal_name" text,
	"legal_form" text,
	"siren" text,
	"siret" text,
	"vat_number" text,
	"rcs" text,
	"share_capital" text,
	"naf_code" text,
	"nda" text,
	"nda_region" text,
	"address_line1" text,
	"address_line2" text,
	"postal_code" text,
	"city" text,
	"country" text DEFAULT 'FR' NOT NULL,
	"email" text,
	"phone" text,
	"iban" text,
	"bic" text,
	"vat_regime" "vat_regime" DEFAULT 'EXEMPT_261_4_4A' NOT NULL,
	"invoice_prefix" text DEFAULT 'FAC' NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"facturx_profile" "facturx_profile" DEFAULT 'EN16931' NOT NULL,
	"director_name" text,
	"director_role" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "platform_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "success_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cancel_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "enrollment_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tenant_id_uq" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "billing_clients" ADD CONSTRAINT "billing_clients_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_clients" ADD CONSTRAINT "billing_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_clients" ADD CONSTRAINT "billing_clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpf_snapshots" ADD CONSTRAINT "bpf_snapshots_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpf_snapshots" ADD CONSTRAINT "bpf_snapshots_generated_by_users_id_fk" FOREIGN KEY ("generated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD CONSTRAINT "gateway_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_fk" FOREIGN KEY ("tenant_id","client_id") REFERENCES "public"."billing_clients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_enrollment_fk" FOREIGN KEY ("tenant_id","enrollment_id") REFERENCES "public"."enrollments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_fk" FOREIGN KEY ("tenant_id","payment_id") REFERENCES "public"."payments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_legal_identities" ADD CONSTRAINT "tenant_legal_identities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_clients_tenant_name_idx" ON "billing_clients" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_clients_tenant_user_uq" ON "billing_clients" USING btree ("tenant_id","user_id") WHERE "billing_clients"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_tenant_number_uq" ON "invoices" USING btree ("tenant_id","number") WHERE "invoices"."number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_tenant_seq_uq" ON "invoices" USING btree ("tenant_id","number_year","number_seq") WHERE "invoices"."number_seq" is not null;--> statement-breakpoint
CREATE INDEX "invoices_tenant_created_idx" ON "invoices" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_tenant_status_idx" ON "invoices" USING btree ("tenant_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_tenant_client_idx" ON "invoices" USING btree ("tenant_id","client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_tenant_issued_idx" ON "invoices" USING btree ("tenant_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_tenant_enrollment_idx" ON "invoices" USING btree ("tenant_id","enrollment_id");--> statement-breakpoint
CREATE INDEX "refunds_tenant_payment_idx" ON "refunds" USING btree ("tenant_id","payment_id","created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_tenant_created_idx" ON "payments" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_id_uq" ON "payments" USING btree ("gateway","gateway_payment_id") WHERE "payments"."gateway_payment_id" is not null;
