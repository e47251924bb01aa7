CREATE TYPE "public"."emargement_method" AS ENUM('QR_CODE', 'QR', 'PIN', 'CANVAS', 'AUTO', 'OVERRIDE');--> statement-breakpoint
CREATE TYPE "public"."session_status" AS ENUM('SCHEDULED', 'LIVE', 'ENDED', 'CANCELLED');--> statement-breakpoint
CREATE TABLE "attendance_slots" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"session_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"label" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emargements" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"session_id" text NOT NULL,
	"user_id" text NOT NULL,
	"enrollment_id" text,
	"slot_id" text,
	"method" "emargement_method" NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"location" jsonb,
	"signature_ciphertext" text,
	"attendance_minutes" integer,
	"attendance_rate" real,
	"override_by" text,
	"reason" text,
	"audit_log_id" text,
	"media_participant_sid" text,
	"sealed_hash" text NOT NULL,
	"previous_hash" text,
	"chain_position" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"course_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"max_participants" integer,
	"recording_enabled" boolean DEFAULT false NOT NULL,
	"status" "session_status" DEFAULT 'SCHEDULED' NOT NULL,
	"media_room_name" text NOT NULL,
	"attendance_pin" text NOT NULL,
	"ics_sequence" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"session_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_recordings" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"session_id" text NOT NULL,
	"url" text NOT NULL,
	"duration_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_trainers" (
	"tenant_id" text NOT NULL,
	"session_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_trainers_pk" PRIMARY KEY("tenant_id","session_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "attendance_slots" ADD CONSTRAINT "attendance_slots_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_slots" ADD CONSTRAINT "attendance_slots_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emargements" ADD CONSTRAINT "emargements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emargements" ADD CONSTRAINT "emargements_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emargements" ADD CONSTRAINT "emargements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emargements" ADD CONSTRAINT "emargements_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emargements" ADD CONSTRAINT "emargements_slot_id_attendance_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."attendance_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emargements" ADD CONSTRAINT "emargements_override_by_users_id_fk" FOREIGN KEY ("override_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_tokens" ADD CONSTRAINT "qr_tokens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_tokens" ADD CONSTRAINT "qr_tokens_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_tokens" ADD CONSTRAINT "qr_tokens_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_recordings" ADD CONSTRAINT "session_recordings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_recordings" ADD CONSTRAINT "session_recordings_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_trainers" ADD CONSTRAINT "session_trainers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_trainers" ADD CONSTRAINT "session_trainers_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_trainers" ADD CONSTRAINT "session_trainers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_slots_pos_uq" ON "attendance_slots" USING btree ("tenant_id","session_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "emargements_chain_uq" ON "emargements" USING btree ("tenant_id","chain_position");--> statement-breakpoint
CREATE INDEX "emargements_session_idx" ON "emargements" USING btree ("tenant_id","session_id","signed_at");--> statement-breakpoint
CREATE INDEX "emargements_user_idx" ON "emargements" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_sessions_room_uq" ON "live_sessions" USING btree ("tenant_id","media_room_name");--> statement-breakpoint
CREATE INDEX "live_sessions_tenant_sched_idx" ON "live_sessions" USING btree ("tenant_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "live_sessions_course_idx" ON "live_sessions" USING btree ("tenant_id","course_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "qr_tokens_session_idx" ON "qr_tokens" USING btree ("tenant_id","session_id");--> statement-breakpoint
CREATE INDEX "session_recordings_session_idx" ON "session_recordings" USING btree ("tenant_id","session_id","created_at");--> statement-breakpoint
CREATE INDEX "session_trainers_user_idx" ON "session_trainers" USING btree ("tenant_id","user_id");