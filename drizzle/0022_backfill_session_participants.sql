-- Sessions created before registrations existed expected every ACTIVE or COMPLETED enrollee of
-- their course: register those learners, so that the same people stay expected (issue #10).
-- Sessions that already have participants are left as they are; re-running adds nothing.
INSERT INTO "session_participants" ("tenant_id", "session_id", "user_id", "enrollment_id", "registered_by", "registered_at")
SELECT s."tenant_id", s."id", e."user_id", e."id", NULL, s."created_at"
FROM "live_sessions" s
JOIN "enrollments" e ON e."tenant_id" = s."tenant_id" AND e."course_id" = s."course_id" AND e."status" IN ('ACTIVE', 'COMPLETED')
WHERE NOT EXISTS (
  SELECT 1 FROM "session_participants" p WHERE p."tenant_id" = s."tenant_id" AND p."session_id" = s."id"
)
ON CONFLICT DO NOTHING;
