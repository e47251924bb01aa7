-- Custom migration (drizzle-kit cannot generate triggers): keeps list_totals in step with the
-- tables whose lists show a total, so a list reads its total from a few counter rows instead of
-- counting every row of the tenant. Statement-level triggers with transition tables: a bulk
-- insert costs one grouped upsert, not one per row.
-- Trigger arguments: key prefix, key expression over the row ('' for none), number of shards.
-- Tables written concurrently within one tenant (enrollments, activity_logs) spread their
-- counter over shards picked by backend, so concurrent transactions do not queue on one row.
CREATE FUNCTION "list_totals_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  prefix text := TG_ARGV[0];
  key_sql text := CASE WHEN TG_ARGV[1] = '' THEN quote_literal(prefix) ELSE quote_literal(prefix || ':') || ' || ' || TG_ARGV[1] END;
  shard int := CASE WHEN TG_ARGV[2]::int > 1 THEN pg_backend_pid() % TG_ARGV[2]::int ELSE 0 END;
  upsert text := 'INSERT INTO "list_totals" ("tenant_id", "key", "shard", "n") SELECT "tenant_id", %s, %s, %s FROM %I GROUP BY 1, 2 '
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
CREATE TRIGGER "memberships_list_totals_ins" AFTER INSERT ON "memberships" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('memberships', '"role" || '':'' || "status"', '1');
--> statement-breakpoint
CREATE TRIGGER "memberships_list_totals_upd" AFTER UPDATE ON "memberships" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('memberships', '"role" || '':'' || "status"', '1');
--> statement-breakpoint
CREATE TRIGGER "memberships_list_totals_del" AFTER DELETE ON "memberships" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('memberships', '"role" || '':'' || "status"', '1');
--> statement-breakpoint
CREATE TRIGGER "memberships_list_totals_trunc" AFTER TRUNCATE ON "memberships" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('memberships', '', '1');
--> statement-breakpoint
CREATE TRIGGER "courses_list_totals_ins" AFTER INSERT ON "courses" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('courses', '"status"', '1');
--> statement-breakpoint
CREATE TRIGGER "courses_list_totals_upd" AFTER UPDATE ON "courses" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('courses', '"status"', '1');
--> statement-breakpoint
CREATE TRIGGER "courses_list_totals_del" AFTER DELETE ON "courses" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('courses', '"status"', '1');
--> statement-breakpoint
CREATE TRIGGER "courses_list_totals_trunc" AFTER TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('courses', '', '1');
--> statement-breakpoint
CREATE TRIGGER "enrollments_list_totals_ins" AFTER INSERT ON "enrollments" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('enrollments', '"status"', '8');
--> statement-breakpoint
CREATE TRIGGER "enrollments_list_totals_upd" AFTER UPDATE ON "enrollments" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('enrollments', '"status"', '8');
--> statement-breakpoint
CREATE TRIGGER "enrollments_list_totals_del" AFTER DELETE ON "enrollments" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('enrollments', '"status"', '8');
--> statement-breakpoint
CREATE TRIGGER "enrollments_list_totals_trunc" AFTER TRUNCATE ON "enrollments" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('enrollments', '', '8');
--> statement-breakpoint
CREATE TRIGGER "live_sessions_list_totals_ins" AFTER INSERT ON "live_sessions" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('live_sessions', '"status"', '1');
--> statement-breakpoint
CREATE TRIGGER "live_sessions_list_totals_upd" AFTER UPDATE ON "live_sessions" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('live_sessions', '"status"', '1');
--> statement-breakpoint
CREATE TRIGGER "live_sessions_list_totals_del" AFTER DELETE ON "live_sessions" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('live_sessions', '"status"', '1');
--> statement-breakpoint
CREATE TRIGGER "live_sessions_list_totals_trunc" AFTER TRUNCATE ON "live_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('live_sessions', '', '1');
--> statement-breakpoint
CREATE TRIGGER "activity_logs_list_totals_ins" AFTER INSERT ON "activity_logs" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('activity_logs', '', '8');
--> statement-breakpoint
CREATE TRIGGER "activity_logs_list_totals_del" AFTER DELETE ON "activity_logs" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('activity_logs', '', '8');
--> statement-breakpoint
CREATE TRIGGER "activity_logs_list_totals_trunc" AFTER TRUNCATE ON "activity_logs" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('activity_logs', '', '8');
--> statement-breakpoint
CREATE TRIGGER "ai_credit_ledger_list_totals_ins" AFTER INSERT ON "ai_credit_ledger" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('ai_credit_ledger', '', '1');
--> statement-breakpoint
CREATE TRIGGER "ai_credit_ledger_list_totals_del" AFTER DELETE ON "ai_credit_ledger" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('ai_credit_ledger', '', '1');
--> statement-breakpoint
CREATE TRIGGER "ai_credit_ledger_list_totals_trunc" AFTER TRUNCATE ON "ai_credit_ledger" FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_count"('ai_credit_ledger', '', '1');
--> statement-breakpoint
INSERT INTO "list_totals" ("tenant_id", "key", "shard", "n")
  SELECT "tenant_id", 'memberships:' || "role" || ':' || "status", 0, count(*)::int FROM "memberships" GROUP BY 1, 2
  UNION ALL SELECT "tenant_id", 'courses:' || "status", 0, count(*)::int FROM "courses" GROUP BY 1, 2
  UNION ALL SELECT "tenant_id", 'enrollments:' || "status", 0, count(*)::int FROM "enrollments" GROUP BY 1, 2
  UNION ALL SELECT "tenant_id", 'live_sessions:' || "status", 0, count(*)::int FROM "live_sessions" GROUP BY 1, 2
  UNION ALL SELECT "tenant_id", 'activity_logs', 0, count(*)::int FROM "activity_logs" GROUP BY 1, 2
  UNION ALL SELECT "tenant_id", 'ai_credit_ledger', 0, count(*)::int FROM "ai_credit_ledger" GROUP BY 1, 2;
