CREATE TABLE "attendance_chains" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"head_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pin_attempts" (
	"tenant_id" text NOT NULL,
	"session_id" text NOT NULL,
	"user_id" text NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "pin_attempts_pk" PRIMARY KEY("tenant_id","session_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "emargements" ALTER COLUMN "attendance_rate" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "emargements" ADD COLUMN "signature_digest" text;--> statement-breakpoint
ALTER TABLE "emargements" ADD COLUMN "joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "emargements" ADD COLUMN "left_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendance_chains" ADD CONSTRAINT "attendance_chains_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_attempts" ADD CONSTRAINT "pin_attempts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_attempts" ADD CONSTRAINT "pin_attempts_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_attempts" ADD CONSTRAINT "pin_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emargements_enrollment_idx" ON "emargements" USING btree ("tenant_id","enrollment_id","signed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "emargements_one_signature_uq" ON "emargements" USING btree ("tenant_id","session_id","user_id",coalesce("slot_id", '')) WHERE "emargements"."method" in ('QR', 'QR_CODE', 'PIN', 'CANVAS');--> statement-breakpoint
-- Attendance records are sealed in a hash chain: the database itself refuses updates and deletes
-- (a correction is a new OVERRIDE record).
CREATE OR REPLACE FUNCTION emargements_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'emargements is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER emargements_append_only BEFORE UPDATE OR DELETE ON emargements
  FOR EACH ROW EXECUTE FUNCTION emargements_refuse_change();
