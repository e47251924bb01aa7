CREATE TYPE "public"."session_registration" AS ENUM('AUTO', 'LIST');--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "registration" "session_registration" DEFAULT 'AUTO' NOT NULL;