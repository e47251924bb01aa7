ALTER TABLE "funders" ADD COLUMN "billing_client_id" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "funder_id" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "funder_id" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_funder_fk" FOREIGN KEY ("tenant_id","funder_id") REFERENCES "public"."funders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_funder_fk" FOREIGN KEY ("tenant_id","funder_id") REFERENCES "public"."funders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrollments_tenant_funder_idx" ON "enrollments" USING btree ("tenant_id","funder_id","enrolled_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);