import { z } from "zod";
import {
  ZCreateSessionInput,
  ZListSessionsInput,
  ZListSessionsOutput,
  ZMediaTokenOutput,
  ZRecordingsOutput,
  ZSessionIdInput,
  ZSessionOutput,
  ZUpdateSessionInput,
} from "../../contracts/sessions";
import { endSession, startSession } from "../../services/sessions/lifecycle";
import { issueMediaToken } from "../../services/sessions/media-token";
import { listRecordings } from "../../services/sessions/serialize";
import { loadSession } from "../../services/sessions/access";
import { cancelSession, createSession, getSessionDetail, listSessions, updateSession } from "../../services/sessions/sessions";
import { can, router, tenantProcedure } from "../trpc";

const tags = ["Live sessions"];


const MODERATORS = "ADMIN, the course's creator and the session's trainers";
const notFound = { 404: "Session not found (or another tenant's, or a LEARNER not enrolled in its course)" };

export const sessionsRouter = router({
  list: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/sessions",
        tags,
        summary: "List live sessions",
        description:
          "Filters courseId, status, fromDate and toDate (on the start date, inclusive). Latest start first. A LEARNER sees only the sessions of courses " +
          "in which they hold an ACTIVE or COMPLETED enrollment; the other roles see every session of the tenant. registeredCount counts ACTIVE and COMPLETED enrollments of the course.",
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "Not a member" },
      },
    })
    .input(ZListSessionsInput)
    .output(ZListSessionsOutput)
    .query(({ ctx, input }) => listSessions(ctx.db, ctx.caller, input)),

  create: can("sessions.manage")
    .meta({
      status: 201,
      validationStatus: 422,
      openapi: {
        method: "POST",
        path: "/sessions",
        tags,
        summary: "Schedule a live session",
        description:
          "ADMIN, the course's creator, or a TRAINER assigned to the course (the caller must be allowed to teach it). scheduledAt must be in the future (422 with errors.scheduledAt). " +
          "trainerIds must be ACTIVE teaching members (TRAINER, CREATOR or ADMIN; 422 with errors.trainerIds); a caller who is neither ADMIN nor the course's creator is added as a trainer. " +
          "A six-digit attendance PIN is generated. sendConvocation: each ACTIVE enrolled learner gets an e-mail with an iCalendar (.ics, METHOD:REQUEST) attachment. " +
          "Answers the session detail (with attendancePin).",
        errorResponses: { 400: "Unknown field", 401: "Unauthorized", 403: "Not allowed to teach the course", 404: "Course not found", 422: "Invalid field (errors map): scheduledAt in the past, unknown trainer, archived course..." },
      },
    })
    .input(ZCreateSessionInput)
    .output(ZSessionOutput)
    .mutation(async ({ ctx, input }) => ({ data: await createSession(ctx.db, ctx.caller, input, ctx.clock.now()) })),

  get: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/sessions/{id}",
        tags,
        summary: "Live session detail",
        description: `With trainers, recordings and registeredCount. attendancePin is present only for ${MODERATORS}.`,
        errorResponses: { 401: "Unauthorized", 403: "Not a member", ...notFound },
      },
    })
    .input(ZSessionIdInput)
    .output(ZSessionOutput)
    .query(async ({ ctx, input }) => ({ data: await getSessionDetail(ctx.db, ctx.caller, input.id) })),

  update: can("sessions.manage")
    .meta({
      openapi: {
        method: "PATCH",
        path: "/sessions/{id}",
        tags,
        summary: "Edit a scheduled session",
        description:
          `For ${MODERATORS}. Partial: title, description, scheduledAt (future), durationMinutes, maxParticipants (null removes the cap), recordingEnabled, trainerIds (replaces the list). ` +
          "Only a SCHEDULED session can be edited (409). Moving the start by more than one hour e-mails an update notice with an .ics (METHOD:REQUEST, SEQUENCE incremented) to ACTIVE enrolled learners and the trainers.",
        errorResponses: { 400: "Invalid body or unknown field", 401: "Unauthorized", 403: "Not a moderator of the session", ...notFound, 409: "Session not SCHEDULED", 422: "scheduledAt in the past or unknown trainer" },
      },
    })
    .input(ZUpdateSessionInput)
    .output(ZSessionOutput)
    .mutation(async ({ ctx, input }) => ({ data: await updateSession(ctx.db, ctx.caller, input, ctx.clock.now()) })),

  cancel: can("sessions.manage")
    .meta({
      status: 204,
      openapi: {
        method: "DELETE",
        path: "/sessions/{id}",
        tags,
        summary: "Cancel a scheduled session",
        description:
          `For ${MODERATORS}. SCHEDULED becomes CANCELLED (the row stays); ACTIVE enrolled learners and the trainers get a cancellation e-mail with an .ics (METHOD:CANCEL). ` +
          "LIVE or ENDED: 409 Cannot cancel a LIVE or ENDED session; already CANCELLED: 409.",
        successDescription: "No content",
        errorResponses: { 401: "Unauthorized", 403: "Not a moderator of the session", ...notFound, 409: "Cannot cancel a LIVE or ENDED session" },
      },
    })
    .input(ZSessionIdInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await cancelSession(ctx.db, ctx.caller, input.id, ctx.clock.now());
    }),

  start: can("sessions.manage")
    .meta({
      openapi: {
        method: "POST",
        path: "/sessions/{id}/start",
        tags,
        summary: "Start a session (SCHEDULED to LIVE)",
        description: `For ${MODERATORS}. Sets startedAt and emits session.started. 409 unless SCHEDULED. Answers the session detail.`,
        errorResponses: { 400: "Unknown field", 401: "Unauthorized", 403: "Not a moderator of the session", ...notFound, 409: "Session not SCHEDULED" },
      },
    })
    .input(ZSessionIdInput)
    .output(ZSessionOutput)
    .mutation(async ({ ctx, input }) => ({ data: await startSession(ctx.db, ctx.caller, input.id, ctx.clock.now()) })),

  end: can("sessions.manage")
    .meta({
      openapi: {
        method: "POST",
        path: "/sessions/{id}/end",
        tags,
        summary: "End a session (LIVE to ENDED)",
        description: `For ${MODERATORS}. Sets endedAt and emits session.ended. 409 unless LIVE. Answers the session detail.`,
        errorResponses: { 400: "Unknown field", 401: "Unauthorized", 403: "Not a moderator of the session", ...notFound, 409: "Session not LIVE" },
      },
    })
    .input(ZSessionIdInput)
    .output(ZSessionOutput)
    .mutation(async ({ ctx, input }) => ({ data: await endSession(ctx.db, ctx.caller, input.id, ctx.clock.now()) })),

  recordings: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/sessions/{id}/recordings",
        tags,
        summary: "Recordings of a session",
        description: "Same visibility as the session detail. Oldest first.",
        errorResponses: { 401: "Unauthorized", 403: "Not a member", ...notFound },
      },
    })
    .input(ZSessionIdInput)
    .output(ZRecordingsOutput)
    .query(async ({ ctx, input }) => {
      const caller = ctx.caller;
      await loadSession(ctx.db, caller, input.id);
      return { data: await listRecordings(ctx.db, caller, input.id) };
    }),

  token: tenantProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/sessions/{id}/token",
        tags,
        summary: "Media-room token (LiveKit access token)",
        description:
          "For a participant: a learner with an ACTIVE or COMPLETED enrollment in the course, a session trainer, the course's creator or an ADMIN (403 otherwise). " +
          "HS256 JWT signed with LIVEKIT_API_SECRET: iss LIVEKIT_API_KEY, sub and identity the user id, valid 1 hour, grant video{room, roomJoin, canPublish, canSubscribe, canPublishData, roomAdmin}. " +
          "Everyone may publish audio and video; moderators (ADMIN, course creator, session trainers) get roomAdmin and canModerate true. 409 when the session is CANCELLED or ENDED.",
        errorResponses: { 400: "Unknown field", 401: "Unauthorized", 403: "Not a participant", ...notFound, 409: "Session CANCELLED or ENDED" },
      },
    })
    .input(ZSessionIdInput)
    .output(ZMediaTokenOutput)
    .mutation(async ({ ctx, input }) => ({ data: await issueMediaToken(ctx.db, ctx.caller, input.id, ctx.clock.now()) })),
});
