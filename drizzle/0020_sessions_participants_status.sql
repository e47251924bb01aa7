CREATE TYPE "public"."attendance_status" AS ENUM('PRESENT', 'ABSENT', 'EXCUSED_ABSENCE', 'LATE', 'LEFT_EARLY', 'NOT_YET');--> statement-breakpoint
CREATE TYPE "public"."attendance_reminder_kind" AS ENUM('SLOT_OPEN', 'SLOT_CLOSING', 'MANUAL');--> statement-breakpoint
CREATE TYPE "public"."session_delivery_mode" AS ENUM('PRESENTIAL', 'REMOTE', 'HYBRID');--> statement-breakpoint
CREATE TABLE "attendance_reminders" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"session_id" text NOT NULL,
	"slot_id" text,
	"user_id" text NOT NULL,
	"kind" "attendance_reminder_kind" NOT NULL,
	"mail_id" text,
	"sent_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_participants" (
	"tenant_id" text NOT NULL,
	"session_id" text NOT NULL,
	"user_id" text NOT NULL,
	"enrollment_id" text NOT NULL,
	"registered_by" text,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_participants_pk" PRIMARY KEY("tenant_id","session_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "time_zone" text DEFAULT 'Europe/Paris' NOT NULL;--> statement-breakpoint
ALTER TABLE "emargements" ADD COLUMN "status" "attendance_status";--> statement-breakpoint
ALTER TABLE "emargements" ADD COLUMN "late_minutes" integer;--> statement-breakpoint
ALTER TABLE "emargements" ADD COLUMN "left_early_minutes" integer;--> statement-breakpoint
ALTER TABLE "emargements" ADD COLUMN "corrects_id" text;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "delivery_mode" "session_delivery_mode" DEFAULT 'REMOTE' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "place" jsonb;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "attendance_reminders" ADD CONSTRAINT "attendance_reminders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_reminders" ADD CONSTRAINT "attendance_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_reminders" ADD CONSTRAINT "attendance_reminders_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_reminders" ADD CONSTRAINT "attendance_reminders_session_fk" FOREIGN KEY ("tenant_id","session_id") REFERENCES "public"."live_sessions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_participants" ADD CONSTRAINT "session_participants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_participants" ADD CONSTRAINT "session_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_participants" ADD CONSTRAINT "session_participants_registered_by_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_participants" ADD CONSTRAINT "session_participants_session_fk" FOREIGN KEY ("tenant_id","session_id") REFERENCES "public"."live_sessions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_participants" ADD CONSTRAINT "session_participants_enrollment_fk" FOREIGN KEY ("tenant_id","enrollment_id") REFERENCES "public"."enrollments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_reminders_session_idx" ON "attendance_reminders" USING btree ("tenant_id","session_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_reminders_once_uq" ON "attendance_reminders" USING btree ("tenant_id","session_id",coalesce("slot_id", ''),"user_id","kind") WHERE "attendance_reminders"."kind" <> 'MANUAL';--> statement-breakpoint
CREATE INDEX "session_participants_user_idx" ON "session_participants" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "session_participants_enrollment_idx" ON "session_participants" USING btree ("tenant_id","enrollment_id");