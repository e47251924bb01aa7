-- Custom migration (drizzle-kit cannot generate triggers): keeps list_totals in step with
-- memberships, so GET /users reads its total from a few counter rows instead of counting
-- every member of the tenant. Statement-level triggers with transition tables: a bulk insert
-- costs one grouped upsert, not one per row. Keys: memberships:<role>:<status>.
CREATE FUNCTION "list_totals_memberships"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "list_totals" WHERE "key" LIKE 'memberships:%';
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "list_totals" ("tenant_id", "key", "n")
      SELECT "tenant_id", 'memberships:' || "role" || ':' || "status", -count(*)::int FROM "old_rows" GROUP BY 1, 2
      ON CONFLICT ("tenant_id", "key") DO UPDATE SET "n" = "list_totals"."n" + excluded."n";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "list_totals" ("tenant_id", "key", "n")
      SELECT "tenant_id", 'memberships:' || "role" || ':' || "status", count(*)::int FROM "new_rows" GROUP BY 1, 2
      ON CONFLICT ("tenant_id", "key") DO UPDATE SET "n" = "list_totals"."n" + excluded."n";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "memberships_list_totals_ins" AFTER INSERT ON "memberships" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_memberships"();
--> statement-breakpoint
CREATE TRIGGER "memberships_list_totals_upd" AFTER UPDATE ON "memberships" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_memberships"();
--> statement-breakpoint
CREATE TRIGGER "memberships_list_totals_del" AFTER DELETE ON "memberships" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_memberships"();
--> statement-breakpoint
CREATE TRIGGER "memberships_list_totals_trunc" AFTER TRUNCATE ON "memberships" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_memberships"();
--> statement-breakpoint
INSERT INTO "list_totals" ("tenant_id", "key", "n")
  SELECT "tenant_id", 'memberships:' || "role" || ':' || "status", count(*)::int FROM "memberships" GROUP BY 1, 2
  ON CONFLICT ("tenant_id", "key") DO UPDATE SET "n" = excluded."n";
