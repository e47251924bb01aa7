CREATE TYPE "public"."mail_provider" AS ENUM('SMTP', 'RESEND', 'GOOGLE', 'MICROSOFT');--> statement-breakpoint
CREATE TABLE "mail_configurations" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"owner_user_id" text,
	"provider" "mail_provider" NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"from_email" text,
	"smtp_host" text,
	"smtp_port" integer,
	"smtp_secure" boolean,
	"smtp_user" text,
	"credentials" text,
	"verified" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"last_error" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_configurations_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "mail_configurations_owner_uq" UNIQUE NULLS NOT DISTINCT("tenant_id","owner_user_id")
);
--> statement-breakpoint
ALTER TABLE "mail_configurations" ADD CONSTRAINT "mail_configurations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_configurations" ADD CONSTRAINT "mail_configurations_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_configurations" ADD CONSTRAINT "mail_configurations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;