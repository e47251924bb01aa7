CREATE TYPE "public"."complaint_channel" AS ENUM('WEB', 'PHONE', 'EMAIL', 'LETTER', 'IN_PERSON');--> statement-breakpoint
CREATE TABLE "complaint_counters" (
	"tenant_id" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "complaint_counters_pk" PRIMARY KEY("tenant_id","year")
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "reference_year" integer;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "reference_seq" integer;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "channel" "complaint_channel" DEFAULT 'WEB' NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "recorded_by" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "complainant_phone" text;--> statement-breakpoint
ALTER TABLE "complaint_counters" ADD CONSTRAINT "complaint_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_tenant_reference_uq" ON "complaints" USING btree ("tenant_id","reference_year","reference_seq") WHERE reference_seq is not null;