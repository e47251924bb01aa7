-- One list of companies: the needs analyses' companies become billing clients of kind COMPANY, keeping their cmp_ ids (stored references still resolve); a company whose SIRET is already a COMPANY or OPCO client's in the tenant is merged into that client.
ALTER TABLE "billing_clients" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "billing_clients" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "billing_clients" ADD COLUMN "opco_name" text;--> statement-breakpoint
ALTER TABLE "needs_analyses" DROP CONSTRAINT "needs_analyses_company_fk";--> statement-breakpoint
CREATE TEMPORARY TABLE "company_client_merge" AS
  SELECT DISTINCT ON (c."id") c."id" AS "company_id", bc."id" AS "client_id"
  FROM "companies" c
  JOIN "billing_clients" bc ON bc."tenant_id" = c."tenant_id" AND bc."siret" = c."siret" AND bc."kind" IN ('COMPANY', 'OPCO')
  WHERE c."siret" IS NOT NULL
  ORDER BY c."id", bc."created_at", bc."id";--> statement-breakpoint
UPDATE "billing_clients" bc SET
  "contact_name" = COALESCE(bc."contact_name", c."contact_name"),
  "contact_phone" = COALESCE(bc."contact_phone", c."contact_phone"),
  "opco_name" = COALESCE(bc."opco_name", c."opco_name"),
  "email" = COALESCE(bc."email", c."contact_email")
  FROM "company_client_merge" m JOIN "companies" c ON c."id" = m."company_id"
  WHERE bc."id" = m."client_id";--> statement-breakpoint
UPDATE "needs_analyses" na SET "company_id" = m."client_id"
  FROM "company_client_merge" m
  WHERE na."company_id" = m."company_id";--> statement-breakpoint
INSERT INTO "billing_clients" ("id", "tenant_id", "kind", "name", "siren", "siret", "country", "email", "contact_name", "contact_phone", "opco_name", "created_by", "created_at", "updated_at")
  SELECT c."id", c."tenant_id", 'COMPANY', c."name", left(c."siret", 9), c."siret", 'FR', c."contact_email", c."contact_name", c."contact_phone", c."opco_name", c."created_by", c."created_at", c."updated_at"
  FROM "companies" c
  WHERE NOT EXISTS (SELECT 1 FROM "company_client_merge" m WHERE m."company_id" = c."id");--> statement-breakpoint
DROP TABLE "company_client_merge";--> statement-breakpoint
DROP TABLE "companies" CASCADE;--> statement-breakpoint
ALTER TABLE "needs_analyses" ADD CONSTRAINT "needs_analyses_company_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."billing_clients"("tenant_id","id") ON DELETE no action ON UPDATE no action;
