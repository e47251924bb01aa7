CREATE TYPE "public"."survey_kind" AS ENUM('END_OF_COURSE', 'FOLLOW_UP');--> statement-breakpoint
CREATE TABLE "survey_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"enrollment_id" text NOT NULL,
	"course_id" text NOT NULL,
	"questionnaire_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" "survey_kind" NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_invitations_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"invitation_id" text NOT NULL,
	"course_id" text NOT NULL,
	"questionnaire_id" text NOT NULL,
	"kind" "survey_kind" NOT NULL,
	"answers" jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "access_lead_time" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "success_rate" integer;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_enrollment_fk" FOREIGN KEY ("tenant_id","enrollment_id") REFERENCES "public"."enrollments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_course_fk" FOREIGN KEY ("tenant_id","course_id") REFERENCES "public"."courses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_questionnaire_fk" FOREIGN KEY ("tenant_id","questionnaire_id") REFERENCES "public"."questionnaires"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_invitation_fk" FOREIGN KEY ("tenant_id","invitation_id") REFERENCES "public"."survey_invitations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_invitations_enrollment_kind_uq" ON "survey_invitations" USING btree ("tenant_id","enrollment_id","kind");--> statement-breakpoint
CREATE INDEX "survey_invitations_course_idx" ON "survey_invitations" USING btree ("tenant_id","course_id","kind");--> statement-breakpoint
CREATE INDEX "survey_invitations_due_idx" ON "survey_invitations" USING btree ("due_at") WHERE "survey_invitations"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_invitation_uq" ON "survey_responses" USING btree ("tenant_id","invitation_id");--> statement-breakpoint
CREATE INDEX "survey_responses_course_idx" ON "survey_responses" USING btree ("tenant_id","course_id","kind");