CREATE TYPE "public"."subcontracting" AS ENUM('SUBCONTRACTED_OUT', 'RECEIVED');--> statement-breakpoint
CREATE TYPE "public"."trainer_engagement" AS ENUM('INTERNAL', 'EXTERNAL');--> statement-breakpoint
CREATE TYPE "public"."training_objective" AS ENUM('RNCP', 'RNCP_CQP', 'RS', 'CQP', 'OTHER', 'BILAN', 'VAE');--> statement-breakpoint
CREATE TABLE "bpf_charges" (
	"tenant_id" text NOT NULL,
	"year" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"trainer_salaries_cents" bigint NOT NULL,
	"training_purchases_cents" bigint NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bpf_charges_pk" PRIMARY KEY("tenant_id","year")
);
--> statement-breakpoint
CREATE TABLE "trainer_profiles" (
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"engagement" "trainer_engagement" NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trainer_profiles_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "training_objective" "training_objective";--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "rncp_level" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "nsf_code" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "subcontracting" "subcontracting";--> statement-breakpoint
ALTER TABLE "bpf_charges" ADD CONSTRAINT "bpf_charges_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpf_charges" ADD CONSTRAINT "bpf_charges_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_profiles" ADD CONSTRAINT "trainer_profiles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_profiles" ADD CONSTRAINT "trainer_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_profiles" ADD CONSTRAINT "trainer_profiles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;