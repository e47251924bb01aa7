-- Custom SQL migration: drizzle-kit cannot express a column list on ON DELETE SET NULL.
-- lessons -> questionnaires is a composite foreign key (tenant_id, questionnaire_id); a plain
-- SET NULL would also null tenant_id (NOT NULL). Deleting a questionnaire nulls only the lesson's
-- questionnaire_id, as before the key became composite (PostgreSQL 15+).
ALTER TABLE "lessons" DROP CONSTRAINT "lessons_questionnaire_fk";
--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_questionnaire_fk" FOREIGN KEY ("tenant_id","questionnaire_id")
  REFERENCES "public"."questionnaires"("tenant_id","id") ON DELETE SET NULL ("questionnaire_id") ON UPDATE no action;
