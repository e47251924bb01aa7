-- Custom migration: the audit log's list totals (GET /audit-logs) by category, kept like the other
-- list totals. Audit rows without a tenant (platform actions) are never listed, so the counter
-- function now skips rows whose tenant_id is null. The audit log is append-only (0001), so only
-- INSERT (and TRUNCATE) change its totals.
CREATE OR REPLACE FUNCTION "list_totals_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  prefix text := TG_ARGV[0];
  key_sql text := CASE WHEN TG_ARGV[1] = '' THEN quote_literal(prefix) ELSE quote_literal(prefix || ':') || ' || ' || TG_ARGV[1] END;
  shard int := CASE WHEN TG_ARGV[2]::int > 1 THEN pg_backend_pid() % TG_ARGV[2]::int ELSE 0 END;
  upsert text := 'INSERT INTO "list_totals" ("tenant_id", "key", "shard", "n") SELECT "tenant_id", %s, %s, %s FROM %I WHERE "tenant_id" IS NOT NULL GROUP BY 1, 2 '
    'ON CONFLICT ("tenant_id", "key", "shard") DO UPDATE SET "n" = "list_totals"."n" + excluded."n"';
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "list_totals" WHERE "key" = prefix OR "key" LIKE prefix || ':%';
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE format(upsert, key_sql, shard, '-count(*)::int', 'old_rows');
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE format(upsert, key_sql, shard, 'count(*)::int', 'new_rows');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_logs_list_totals_ins" AFTER INSERT ON "audit_logs" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('audit_logs', 'CASE WHEN "action" LIKE ''auth.%'' THEN ''auth'' ELSE ''admin'' END', '8');
--> statement-breakpoint
CREATE TRIGGER "audit_logs_list_totals_trunc" AFTER TRUNCATE ON "audit_logs" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('audit_logs', '', '8');
--> statement-breakpoint
INSERT INTO "list_totals" ("tenant_id", "key", "shard", "n")
  SELECT "tenant_id", 'audit_logs:' || CASE WHEN "action" LIKE 'auth.%' THEN 'auth' ELSE 'admin' END, 0, count(*)::int
  FROM "audit_logs" WHERE "tenant_id" IS NOT NULL GROUP BY 1, 2;
