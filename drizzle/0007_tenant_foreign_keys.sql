ALTER TABLE "payments" DROP CONSTRAINT "payments_course_id_courses_id_fk";
--> statement-breakpoint
ALTER TABLE "course_trainers" DROP CONSTRAINT "course_trainers_course_id_courses_id_fk";
--> statement-breakpoint
ALTER TABLE "courses" DROP CONSTRAINT "courses_banner_media_id_media_id_fk";
--> statement-breakpoint
ALTER TABLE "courses" DROP CONSTRAINT "courses_featured_media_id_media_id_fk";
--> statement-breakpoint
ALTER TABLE "enrollments" DROP CONSTRAINT "enrollments_course_id_courses_id_fk";
--> statement-breakpoint
ALTER TABLE "lesson_progress" DROP CONSTRAINT "lesson_progress_enrollment_id_enrollments_id_fk";
--> statement-breakpoint
ALTER TABLE "lesson_progress" DROP CONSTRAINT "lesson_progress_lesson_id_lessons_id_fk";
--> statement-breakpoint
ALTER TABLE "lessons" DROP CONSTRAINT "lessons_course_id_courses_id_fk";
--> statement-breakpoint
ALTER TABLE "lessons" DROP CONSTRAINT "lessons_module_id_modules_id_fk";
--> statement-breakpoint
ALTER TABLE "lessons" DROP CONSTRAINT "lessons_media_id_media_id_fk";
--> statement-breakpoint
ALTER TABLE "lessons" DROP CONSTRAINT "lessons_questionnaire_id_questionnaires_id_fk";
--> statement-breakpoint
ALTER TABLE "modules" DROP CONSTRAINT "modules_course_id_courses_id_fk";
--> statement-breakpoint
ALTER TABLE "questionnaires" DROP CONSTRAINT "questionnaires_course_id_courses_id_fk";
--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_questionnaire_id_questionnaires_id_fk";
--> statement-breakpoint
ALTER TABLE "quiz_attempts" DROP CONSTRAINT "quiz_attempts_enrollment_id_enrollments_id_fk";
--> statement-breakpoint
ALTER TABLE "quiz_attempts" DROP CONSTRAINT "quiz_attempts_lesson_id_lessons_id_fk";
--> statement-breakpoint
ALTER TABLE "quiz_attempts" DROP CONSTRAINT "quiz_attempts_questionnaire_id_questionnaires_id_fk";
--> statement-breakpoint
ALTER TABLE "attendance_slots" DROP CONSTRAINT "attendance_slots_session_id_live_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "emargements" DROP CONSTRAINT "emargements_session_id_live_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "emargements" DROP CONSTRAINT "emargements_enrollment_id_enrollments_id_fk";
--> statement-breakpoint
ALTER TABLE "emargements" DROP CONSTRAINT "emargements_slot_id_attendance_slots_id_fk";
--> statement-breakpoint
ALTER TABLE "live_sessions" DROP CONSTRAINT "live_sessions_course_id_courses_id_fk";
--> statement-breakpoint
ALTER TABLE "pin_attempts" DROP CONSTRAINT "pin_attempts_session_id_live_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "qr_tokens" DROP CONSTRAINT "qr_tokens_session_id_live_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "session_recordings" DROP CONSTRAINT "session_recordings_session_id_live_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "session_trainers" DROP CONSTRAINT "session_trainers_session_id_live_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_course_fk" FOREIGN KEY ("tenant_id","course_id") REFERENCES "public"."courses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_trainers" ADD CONSTRAINT "course_trainers_course_fk" FOREIGN KEY ("tenant_id","course_id") REFERENCES "public"."courses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_banner_media_fk" FOREIGN KEY ("tenant_id","banner_media_id") REFERENCES "public"."media"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_featured_media_fk" FOREIGN KEY ("tenant_id","featured_media_id") REFERENCES "public"."media"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_course_fk" FOREIGN KEY ("tenant_id","course_id") REFERENCES "public"."courses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_enrollment_fk" FOREIGN KEY ("tenant_id","enrollment_id") REFERENCES "public"."enrollments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_lesson_fk" FOREIGN KEY ("tenant_id","lesson_id") REFERENCES "public"."lessons"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_course_fk" FOREIGN KEY ("tenant_id","course_id") REFERENCES "public"."courses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_module_fk" FOREIGN KEY ("tenant_id","module_id") REFERENCES "public"."modules"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_media_fk" FOREIGN KEY ("tenant_id","media_id") REFERENCES "public"."media"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_questionnaire_fk" FOREIGN KEY ("tenant_id","questionnaire_id") REFERENCES "public"."questionnaires"("tenant_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_course_fk" FOREIGN KEY ("tenant_id","course_id") REFERENCES "public"."courses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_course_fk" FOREIGN KEY ("tenant_id","course_id") REFERENCES "public"."courses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_questionnaire_fk" FOREIGN KEY ("tenant_id","questionnaire_id") REFERENCES "public"."questionnaires"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_enrollment_fk" FOREIGN KEY ("tenant_id","enrollment_id") REFERENCES "public"."enrollments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_lesson_fk" FOREIGN KEY ("tenant_id","lesson_id") REFERENCES "public"."lessons"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_questionnaire_fk" FOREIGN KEY ("tenant_id","questionnaire_id") REFERENCES "public"."questionnaires"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_slots" ADD CONSTRAINT "attendance_slots_session_fk" FOREIGN KEY ("tenant_id","session_id") REFERENCES "public"."live_sessions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emargements" ADD CONSTRAINT "emargements_session_fk" FOREIGN KEY ("tenant_id","session_id") REFERENCES "public"."live_sessions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emargements" ADD CONSTRAINT "emargements_enrollment_fk" FOREIGN KEY ("tenant_id","enrollment_id") REFERENCES "public"."enrollments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emargements" ADD CONSTRAINT "emargements_slot_fk" FOREIGN KEY ("tenant_id","slot_id") REFERENCES "public"."attendance_slots"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_course_fk" FOREIGN KEY ("tenant_id","course_id") REFERENCES "public"."courses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_attempts" ADD CONSTRAINT "pin_attempts_session_fk" FOREIGN KEY ("tenant_id","session_id") REFERENCES "public"."live_sessions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_tokens" ADD CONSTRAINT "qr_tokens_session_fk" FOREIGN KEY ("tenant_id","session_id") REFERENCES "public"."live_sessions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_recordings" ADD CONSTRAINT "session_recordings_session_fk" FOREIGN KEY ("tenant_id","session_id") REFERENCES "public"."live_sessions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_trainers" ADD CONSTRAINT "session_trainers_session_fk" FOREIGN KEY ("tenant_id","session_id") REFERENCES "public"."live_sessions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;