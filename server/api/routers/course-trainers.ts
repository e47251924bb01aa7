import { z } from "zod";
import {
  ZCompetenciesOutput,
  ZCompetencyOutput,
  ZCourseTrainersOutput,
  ZCreateCompetencyInput,
  ZDeleteCompetencyInput,
  ZSetCourseTrainersInput,
  ZTeachingMembersOutput,
  ZTrainerUserInput,
} from "../../contracts/course-trainers";
import { ZCourseIdInput } from "../../contracts/courses";
import { one } from "../../contracts/envelope";
import { addCompetency, listCompetencies, removeCompetency } from "../../services/courses/competencies";
import { listCourseTrainers, listTeachingMembers, setCourseTrainers } from "../../services/courses/trainers";
import { can } from "../trpc";

const tags = ["Courses"];
const trainerTags = ["Trainers"];

/** Course trainers and trainer competencies (Qualiopi criterion 5); spread into the courses router. */
export const courseTrainerProcedures = {
  teachingMembers: can("courses.manage")
    .meta({
      openapi: {
        method: "GET",
        path: "/trainers",
        tags: trainerTags,
        summary: "Members who may be assigned as trainers",
        description: "CREATOR or ADMIN: the ACTIVE members with role TRAINER, CREATOR or ADMIN (at most 500, by name), for trainer assignment.",
        errorResponses: { 401: "Unauthorized", 403: "CREATOR or ADMIN required" },
      },
    })
    .input(z.object({}))
    .output(ZTeachingMembersOutput)
    .query(async ({ ctx }) => one(await listTeachingMembers(ctx.db, ctx.scope))),

  trainers: can("courses.teach")
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/{id}/trainers",
        tags,
        summary: "Trainers of a course (PRIMARY first)",
        description: "TRAINER, CREATOR or ADMIN. A DRAFT or ARCHIVED course's trainers are shown to its owner and to its own trainers only (403 otherwise).",
        errorResponses: { 401: "Unauthorized", 403: "Role not allowed or course not readable", 404: "Course not found" },
      },
    })
    .input(ZCourseIdInput)
    .output(ZCourseTrainersOutput)
    .query(async ({ ctx, input }) => one(await listCourseTrainers(ctx.db, ctx.caller, input.id))),

  setTrainers: can("courses.manage")
    .meta({
      openapi: {
        method: "PUT",
        path: "/courses/{id}/trainers",
        tags,
        summary: "Replace a course's trainers",
        description:
          "Owner only (creator or ADMIN). The body lists every trainer; users left out are unassigned, roles change in place. " +
          "Each user must be an ACTIVE member with role TRAINER, CREATOR or ADMIN, listed once; at most one PRIMARY (422 with the offending entries).",
        errorResponses: { 400: "Invalid body", 401: "Unauthorized", 403: "Not the course owner", 404: "Course not found", 422: "Not a trainer, duplicate or two PRIMARY" },
      },
    })
    .input(ZSetCourseTrainersInput)
    .output(ZCourseTrainersOutput)
    .mutation(async ({ ctx, input }) => one(await setCourseTrainers(ctx.db, ctx.caller, input.id, input.trainers, ctx.clock.now()))),

  competencies: can("courses.teach")
    .meta({
      openapi: {
        method: "GET",
        path: "/trainers/{userId}/competencies",
        tags: trainerTags,
        summary: "A trainer's competencies (Qualiopi criterion 5)",
        description: "ADMIN or CREATOR for any member; a TRAINER for themselves. isValid is false once validUntil is past.",
        errorResponses: { 401: "Unauthorized", 403: "Role not allowed", 404: "User not found" },
      },
    })
    .input(ZTrainerUserInput)
    .output(ZCompetenciesOutput)
    .query(async ({ ctx, input }) => one(await listCompetencies(ctx.db, ctx.caller, input.userId, ctx.clock.now()))),

  addCompetency: can("courses.manage")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/trainers/{userId}/competencies",
        tags: trainerTags,
        summary: "Record a trainer competency with its evidence",
        description: "ADMIN or CREATOR. The user must be a member with role TRAINER, CREATOR or ADMIN (422 otherwise).",
        errorResponses: { 400: "Invalid body", 401: "Unauthorized", 403: "ADMIN or CREATOR required", 404: "User not found", 422: "User is not a trainer" },
      },
    })
    .input(ZCreateCompetencyInput)
    .output(ZCompetencyOutput)
    .mutation(async ({ ctx, input }) => one(await addCompetency(ctx.db, ctx.caller, input, ctx.clock.now()))),

  removeCompetency: can("courses.manage")
    .meta({
      status: 204,
      openapi: {
        method: "DELETE",
        path: "/trainers/{userId}/competencies/{competencyId}",
        tags: trainerTags,
        summary: "Delete a trainer competency",
        successDescription: "No content",
        errorResponses: { 401: "Unauthorized", 403: "ADMIN or CREATOR required", 404: "Competency not found" },
      },
    })
    .input(ZDeleteCompetencyInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await removeCompetency(ctx.db, ctx.caller, input.userId, input.competencyId);
    }),
};
