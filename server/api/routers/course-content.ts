import { envelope } from "../../contracts/common";
import {
  ZCourseContentInput,
  ZCreateLessonInput,
  ZCreateModuleInput,
  ZCreateQuestionnaireInput,
  ZDeleted,
  ZLessonOutput,
  ZLessonRefInput,
  ZLessonView,
  ZModuleDeleted,
  ZModuleOutput,
  ZModuleRefInput,
  ZModulesOutput,
  ZQuestionnaireOutput,
  ZQuestionnaireRefInput,
  ZQuestionnaireSummary,
  ZReorderLessonsInput,
  ZReorderModulesInput,
  ZReplaceQuestionsInput,
  ZUpdateLessonInput,
  ZUpdateModuleInput,
  ZUpdateQuestionnaireInput,
} from "../../contracts/course-content";
import { one } from "../../contracts/envelope";
import { getLessonView } from "../../services/course-content/lesson-view";
import { createLesson, deleteLesson, reorderLessons, updateLesson } from "../../services/course-content/lessons";
import { createModule, deleteModule, listModules, reorderModules, updateModule } from "../../services/course-content/modules";
import {
  createQuestionnaire,
  deleteQuestionnaire,
  getQuestionnaire,
  listQuestionnaires,
  replaceQuestions,
  updateQuestionnaire,
} from "../../services/course-content/questionnaires";
import { can, router, tenantProcedure } from "../trpc";

/**
 * The course builder: modules, lessons and questionnaires of one course, under /courses/{id}/...
 * Static path segments (`/modules/order`) come before parameterised ones of the same method.
 */
const tags = ["Course content"];
const write = can("courses.manage");

const WRITE_RULES =
  "Course owner only: its creator or an ADMIN (another CREATOR: 403; LEARNER, TRAINER: 403). A course of another tenant, or an id of another course: 404. " +
  "An ARCHIVED course is read-only: 409. DRAFT and PUBLISHED courses are editable (changes are live for enrolled learners at once). " +
  "Each change bumps the course's updatedAt and is logged in the activity log as course.updated.";
const READ_RULES = "The course's creator, an ADMIN, or a trainer assigned to the course; other members 403; another tenant's course 404.";
const QUESTION_RULES =
  "Rules (422, errors keyed like questions.0.choices): QUIZ and POSITIONING questionnaires are scored: SINGLE_CHOICE needs at least 2 choices and exactly one correct; " +
  "MULTIPLE_CHOICE at least 2 and at least one correct; TRUE_FALSE exactly 2 choices with one correct, or no choices and correctAnswer (generates Vrai/Faux); " +
  "FREE_TEXT no choices, optional expectedText. SATISFACTION questionnaires are not scored: no correct choice, no correctAnswer, no expectedText. " +
  "Choice labels are distinct per question. Choice ids are generated (8 characters) unless sent: send them back to keep them stable.";
const writeErrors = { 400: "Invalid body or unknown field", 401: "Unauthorized", 403: "Not the course owner", 404: "Course or item not found", 409: "Course archived" };
const readErrors = { 401: "Unauthorized", 403: "Not the owner or a trainer of the course", 404: "Course or item not found" };

export const courseContentRouter = router({
  // ---------------------------------------------------------------- modules
  listModules: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/{id}/modules",
        tags,
        summary: "The course outline for the builder: modules with their lessons",
        description: `Modules by position, each with its lessons by position (full lesson fields, content included); meta counts modules, lessons and minutes. ${READ_RULES}`,
        errorResponses: readErrors,
      },
    })
    .input(ZCourseContentInput)
    .output(ZModulesOutput)
    .query(({ ctx, input }) => listModules(ctx.db, ctx.caller, input.id)),

  createModule: write
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/courses/{id}/modules",
        tags,
        summary: "Add a module at the end of the course",
        description: WRITE_RULES,
        errorResponses: writeErrors,
      },
    })
    .input(ZCreateModuleInput)
    .output(ZModuleOutput)
    .mutation(async ({ ctx, input }) => one(await createModule(ctx.db, ctx.caller, input.id, input, ctx.clock.now()))),

  reorderModules: write
    .meta({
      openapi: {
        method: "PUT",
        path: "/courses/{id}/modules/order",
        tags,
        summary: "Reorder the course's modules",
        description: `moduleIds must list every module of the course exactly once (422 naming the duplicates, unknown and missing ids otherwise); positions become 0..n-1 in one transaction. Answers the outline. ${WRITE_RULES}`,
        errorResponses: { ...writeErrors, 422: "moduleIds is not exactly the course's modules" },
      },
    })
    .input(ZReorderModulesInput)
    .output(ZModulesOutput)
    .mutation(({ ctx, input }) => reorderModules(ctx.db, ctx.caller, input.id, input.moduleIds, ctx.clock.now())),

  updateModule: write
    .meta({
      openapi: { method: "PATCH", path: "/courses/{id}/modules/{moduleId}", tags, summary: "Rename a module or change its description", description: WRITE_RULES, errorResponses: writeErrors },
    })
    .input(ZUpdateModuleInput)
    .output(ZModuleOutput)
    .mutation(async ({ ctx, input }) => one(await updateModule(ctx.db, ctx.caller, input.id, input.moduleId, input, ctx.clock.now()))),

  deleteModule: write
    .meta({
      openapi: {
        method: "DELETE",
        path: "/courses/{id}/modules/{moduleId}",
        tags,
        summary: "Delete a module and its lessons",
        description:
          "200 with the number of lessons deleted; the remaining modules close ranks (positions 0..n-1). " +
          `409 when a learner has progress or a quiz attempt on one of its lessons (learning records are kept as evidence). ${WRITE_RULES}`,
        errorResponses: { ...writeErrors, 409: "Course archived, or learner records on its lessons" },
      },
    })
    .input(ZModuleRefInput)
    .output(envelope(ZModuleDeleted))
    .mutation(async ({ ctx, input }) => one(await deleteModule(ctx.db, ctx.caller, input.id, input.moduleId, ctx.clock.now()))),

  // ---------------------------------------------------------------- lessons
  createLesson: write
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/courses/{id}/modules/{moduleId}/lessons",
        tags,
        summary: "Add a lesson at the end of a module",
        description:
          "QUIZ lessons need questionnaireId, a questionnaire of the same course; other kinds may not set it. mediaId must be media of this tenant (VIDEO lessons: VIDEO media); " +
          `mediaUrl an http(s) URL. Those rules answer 422 with field errors. ${WRITE_RULES}`,
        errorResponses: { ...writeErrors, 422: "Invalid questionnaire or media reference" },
      },
    })
    .input(ZCreateLessonInput)
    .output(ZLessonOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, moduleId, ...fields } = input;
      return one(await createLesson(ctx.db, ctx.caller, id, moduleId, fields, ctx.clock.now()));
    }),

  reorderLessons: write
    .meta({
      openapi: {
        method: "PUT",
        path: "/courses/{id}/modules/{moduleId}/lessons/order",
        tags,
        summary: "Reorder the lessons of a module",
        description: `lessonIds must list every lesson of the module exactly once (422 otherwise); positions become 0..n-1 in one transaction. Answers the module with its lessons. ${WRITE_RULES}`,
        errorResponses: { ...writeErrors, 422: "lessonIds is not exactly the module's lessons" },
      },
    })
    .input(ZReorderLessonsInput)
    .output(ZModuleOutput)
    .mutation(async ({ ctx, input }) => one(await reorderLessons(ctx.db, ctx.caller, input.id, input.moduleId, input.lessonIds, ctx.clock.now()))),

  lessonView: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/{id}/lessons/{lessonId}",
        tags,
        summary: "A lesson as the learner sees it",
        description:
          "For learners with an ACTIVE or COMPLETED enrollment in the course (also once the course is ARCHIVED), the course's creator, an ADMIN and its trainers; other members 403. " +
          "Carries the module title and the previous and next lesson ids in course order. A QUIZ lesson includes its questionnaire WITHOUT correct answers, expected texts or explanations, " +
          "for everyone (editors read answers through GET /courses/{id}/questionnaires/{questionnaireId}); attempts are scored server-side.",
        errorResponses: { 401: "Unauthorized", 403: "Not enrolled in the course", 404: "Course or lesson not found" },
      },
    })
    .input(ZLessonRefInput)
    .output(envelope(ZLessonView))
    .query(async ({ ctx, input }) => one(await getLessonView(ctx.db, ctx.caller, input.id, input.lessonId))),

  updateLesson: write
    .meta({
      openapi: {
        method: "PATCH",
        path: "/courses/{id}/lessons/{lessonId}",
        tags,
        summary: "Update a lesson, or move it to another module",
        description:
          "Partial. moduleId moves the lesson to the end of another module of the same course (422 if not one); the old module closes ranks. " +
          `Changing kind away from QUIZ drops the questionnaire link; changing it to QUIZ needs questionnaireId. Same reference rules as creation (422). ${WRITE_RULES}`,
        errorResponses: { ...writeErrors, 422: "Invalid module, questionnaire or media reference" },
      },
    })
    .input(ZUpdateLessonInput)
    .output(ZLessonOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, lessonId, ...changes } = input;
      return one(await updateLesson(ctx.db, ctx.caller, id, lessonId, changes, ctx.clock.now()));
    }),

  deleteLesson: write
    .meta({
      openapi: {
        method: "DELETE",
        path: "/courses/{id}/lessons/{lessonId}",
        tags,
        summary: "Delete a lesson",
        description: `200; the module's other lessons close ranks. 409 when a learner has progress or a quiz attempt on it. ${WRITE_RULES}`,
        errorResponses: { ...writeErrors, 409: "Course archived, or learner records on the lesson" },
      },
    })
    .input(ZLessonRefInput)
    .output(envelope(ZDeleted))
    .mutation(async ({ ctx, input }) => one(await deleteLesson(ctx.db, ctx.caller, input.id, input.lessonId, ctx.clock.now()))),

  // ---------------------------------------------------------------- questionnaires
  listQuestionnaires: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/{id}/questionnaires",
        tags,
        summary: "The course's questionnaires (without their questions)",
        description: `Oldest first, with question count, total points and the QUIZ lessons using each. ${READ_RULES}`,
        errorResponses: readErrors,
      },
    })
    .input(ZCourseContentInput)
    .output(envelope(ZQuestionnaireSummary.array()))
    .query(async ({ ctx, input }) => one(await listQuestionnaires(ctx.db, ctx.caller, input.id))),

  createQuestionnaire: write
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/courses/{id}/questionnaires",
        tags,
        summary: "Create a questionnaire with its questions",
        description: `passMark defaults to 50; questions may be empty (filled later). ${QUESTION_RULES} ${WRITE_RULES}`,
        errorResponses: { ...writeErrors, 422: "Question rules (errors keyed questions.N.field)" },
      },
    })
    .input(ZCreateQuestionnaireInput)
    .output(ZQuestionnaireOutput)
    .mutation(async ({ ctx, input }) => one(await createQuestionnaire(ctx.db, ctx.caller, input.id, input, ctx.clock.now()))),

  getQuestionnaire: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/{id}/questionnaires/{questionnaireId}",
        tags,
        summary: "A questionnaire with its questions and answers (editing view)",
        description: `Questions by position, with correct choices, expected texts and explanations. ${READ_RULES}`,
        errorResponses: readErrors,
      },
    })
    .input(ZQuestionnaireRefInput)
    .output(ZQuestionnaireOutput)
    .query(async ({ ctx, input }) => one(await getQuestionnaire(ctx.db, ctx.caller, input.id, input.questionnaireId))),

  updateQuestionnaire: write
    .meta({
      openapi: {
        method: "PATCH",
        path: "/courses/{id}/questionnaires/{questionnaireId}",
        tags,
        summary: "Change a questionnaire's title, kind or pass mark",
        description:
          "Questions are replaced through PUT .../questions (a questions field here is an unknown field, 400). " +
          `A kind change re-checks the stored questions against the new kind: 422 with errors on kind and questions.N.field. ${WRITE_RULES}`,
        errorResponses: { ...writeErrors, 422: "Questions incompatible with the new kind" },
      },
    })
    .input(ZUpdateQuestionnaireInput)
    .output(ZQuestionnaireOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, questionnaireId, ...changes } = input;
      return one(await updateQuestionnaire(ctx.db, ctx.caller, id, questionnaireId, changes, ctx.clock.now()));
    }),

  replaceQuestions: write
    .meta({
      openapi: {
        method: "PUT",
        path: "/courses/{id}/questionnaires/{questionnaireId}/questions",
        tags,
        summary: "Replace the whole question list",
        description:
          "One transaction; the order sent is the order kept. A question sent with the id of one of this questionnaire's questions is updated in place (422 for any other id), " +
          `questions without id are created, questions left out are deleted. ${QUESTION_RULES} ${WRITE_RULES}`,
        errorResponses: { ...writeErrors, 422: "Question rules (errors keyed questions.N.field)" },
      },
    })
    .input(ZReplaceQuestionsInput)
    .output(ZQuestionnaireOutput)
    .mutation(async ({ ctx, input }) => one(await replaceQuestions(ctx.db, ctx.caller, input.id, input.questionnaireId, input.questions, ctx.clock.now()))),

  deleteQuestionnaire: write
    .meta({
      openapi: {
        method: "DELETE",
        path: "/courses/{id}/questionnaires/{questionnaireId}",
        tags,
        summary: "Delete a questionnaire",
        description: `200. 409 while a lesson uses it (change or delete the lesson first) or once learners have attempts on it. ${WRITE_RULES}`,
        errorResponses: { ...writeErrors, 409: "Course archived, questionnaire in use or attempted" },
      },
    })
    .input(ZQuestionnaireRefInput)
    .output(envelope(ZDeleted))
    .mutation(async ({ ctx, input }) => one(await deleteQuestionnaire(ctx.db, ctx.caller, input.id, input.questionnaireId, ctx.clock.now()))),
});
