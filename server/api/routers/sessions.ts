import { z } from "zod";
import { SIGNING_WINDOW_NOTE } from "../../contracts/signing-window";
import {
  ZCreateSessionInput,
  ZListSessionsInput,
  ZListSessionsOutput,
  ZMediaTokenOutput,
  ZParticipantsOutput,
  ZRegisterParticipantsInput,
  ZUnregisterParticipantInput,
  ZRecordingsOutput,
  ZSessionIdInput,
  ZSessionOutput,
  ZUpdateSessionInput,
} from "../../contracts/sessions";
import { one } from "../../contracts/envelope";
import { endSession, startSession } from "../../services/sessions/lifecycle";
import { issueMediaToken } from "../../services/sessions/media-token";
import { listRecordings } from "../../services/sessions/serialize";
import { loadSession } from "../../services/sessions/access";
import { listParticipants, registerParticipants, unregisterParticipant } from "../../services/sessions/participants";
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
          "Filters courseId, enrollmentId (the sessions that expect that enrollment), status, fromDate and toDate (on the start date, inclusive). Latest start first. " +
          "A LEARNER sees only the sessions that expect them; a FUNDER the sessions that expect one of the enrollments their funder finances (registration AUTO: that enrollment is " +
          "ACTIVE or COMPLETED in the session's course, enrolled before or after the session was planned; LIST: it is registered; SUSPENDED or REVOKED: never through AUTO). " +
          "Capacity is not applied to what a FUNDER sees: an AUTO session over its maxParticipants stays visible to the funder of an enrollee beyond the cap, whose attestation there is 404 (the session does not expect them). The other roles see every session of the tenant. registeredCount counts the session's registered learners; seatsLeft is maxParticipants minus them (null without a cap). " +
          "schedule is always present (a session created without one answers its single derived day), in timeZone (the tenant's). " +
          SIGNING_WINDOW_NOTE,
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "Not a member" },
      },
    })
    .input(ZListSessionsInput)
    .output(ZListSessionsOutput)
    .query(({ ctx, input }) => listSessions(ctx.db, ctx.caller, input, ctx.clock.now())),

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
          "A six-digit attendance PIN is generated. deliveryMode: omitted means REMOTE (so existing clients keep working; the UI proposes PRESENTIAL). " +
          "place is required for PRESENTIAL and HYBRID (422 errors.place) and refused for REMOTE (422 errors.place). " +
          "schedule (days with HH:MM ranges in the tenant's time zone) sets scheduledAt (first range's start, DST-correct) and durationMinutes (sum of the ranges); " +
          "scheduledAt and durationMinutes may then be omitted, or must agree with it (422 errors.scheduledAt / errors.durationMinutes); the first range must be in the future; " +
          "one attendance slot is created per range. Without schedule, scheduledAt and durationMinutes are required (422). " +
          "participantUserIds: omitted registers every ACTIVE or COMPLETED enrollee of the course (409 SESSION_FULL if they exceed maxParticipants); given (even []) registers exactly those (422 errors.userIds for a non-enrollee). " +
          "sendConvocation: each registered learner gets an e-mail with the schedule, the place, an iCalendar (.ics, METHOD:REQUEST, LOCATION the place) and the convocation PDF. " +
          "Answers the session detail (with attendancePin).",
        errorResponses: {
          400: "Unknown field",
          401: "Unauthorized",
          403: "Not allowed to teach the course",
          404: "Course not found",
          409: "SESSION_FULL: more enrollees than maxParticipants",
          422: "Invalid field (errors map): scheduledAt in the past, schedule rules, place, unknown trainer, archived course...",
        },
      },
    })
    .input(ZCreateSessionInput)
    .output(ZSessionOutput)
    .mutation(async ({ ctx, input }) => one(await createSession(ctx.db, ctx.caller, input, ctx.clock.now()))),

  get: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/sessions/{id}",
        tags,
        summary: "Live session detail",
        description: `With trainers, recordings and registeredCount. attendancePin is present only for ${MODERATORS}. ${SIGNING_WINDOW_NOTE}`,
        errorResponses: { 401: "Unauthorized", 403: "Not a member", ...notFound },
      },
    })
    .input(ZSessionIdInput)
    .output(ZSessionOutput)
    .query(async ({ ctx, input }) => one(await getSessionDetail(ctx.db, ctx.caller, input.id, ctx.clock.now()))),

  update: can("sessions.manage")
    .meta({
      openapi: {
        method: "PATCH",
        path: "/sessions/{id}",
        tags,
        summary: "Edit a scheduled session",
        description:
          `For ${MODERATORS}. Partial: title, description, scheduledAt (future), durationMinutes, maxParticipants (null removes the cap), recordingEnabled, trainerIds (replaces the list), ` +
          "deliveryMode, place, schedule. A session with a schedule changes its times through schedule only (scheduledAt or durationMinutes alone: 422 errors.schedule); " +
          "schedule null drops it. A changed schedule replaces the attendance slots (one per range), refused with 409 SLOTS_ALREADY_SIGNED once a slot carries a signature. " +
          "Switching to REMOTE clears the place; PRESENTIAL or HYBRID without a place: 422 errors.place. maxParticipants below the registered count: 409 CAPACITY_BELOW_REGISTERED. " +
          "Only a SCHEDULED session can be edited (409). Moving the start by more than one hour e-mails an update notice with an .ics (METHOD:REQUEST, SEQUENCE incremented) to the registered learners and the trainers.",
        errorResponses: {
          400: "Invalid body or unknown field",
          401: "Unauthorized",
          403: "Not a moderator of the session",
          ...notFound,
          409: "Session not SCHEDULED, slots already signed, or maxParticipants below the registered count",
          422: "scheduledAt in the past, schedule rules, place, or unknown trainer",
        },
      },
    })
    .input(ZUpdateSessionInput)
    .output(ZSessionOutput)
    .mutation(async ({ ctx, input }) => one(await updateSession(ctx.db, ctx.caller, input, ctx.clock.now()))),

  cancel: can("sessions.manage")
    .meta({
      status: 204,
      openapi: {
        method: "DELETE",
        path: "/sessions/{id}",
        tags,
        summary: "Cancel a scheduled session",
        description:
          `For ${MODERATORS}. SCHEDULED becomes CANCELLED (the row stays); the registered learners and the trainers get a cancellation e-mail with an .ics (METHOD:CANCEL). ` +
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
    .mutation(async ({ ctx, input }) => one(await startSession(ctx.db, ctx.caller, input.id, ctx.clock.now()))),

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
    .mutation(async ({ ctx, input }) => one(await endSession(ctx.db, ctx.caller, input.id, ctx.clock.now()))),

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
      return one(await listRecordings(ctx.db, caller, input.id));
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
          "Everyone may publish audio and video; moderators (ADMIN, course creator, session trainers) get roomAdmin and canModerate true. 409 SESSION_CLOSED when the session is CANCELLED or ENDED; " +
          "409 SESSION_NO_VIDEO_ROOM for a PRESENTIAL session (only REMOTE and HYBRID sessions have a video room).",
        errorResponses: { 400: "Unknown field", 401: "Unauthorized", 403: "Not a participant", ...notFound, 409: "Session CANCELLED or ENDED, or PRESENTIAL (no video room)" },
      },
    })
    .input(ZSessionIdInput)
    .output(ZMediaTokenOutput)
    .mutation(async ({ ctx, input }) => one(await issueMediaToken(ctx.db, ctx.caller, input.id, ctx.clock.now()))),

  participants: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/sessions/{id}/participants",
        tags,
        summary: "Registered learners of a session",
        description: `For ${MODERATORS} (403 for the other members; a LEARNER outside the course gets 404). Ordered by last name. With maxParticipants, registeredCount and seatsLeft (null without a cap).`,
        errorResponses: { 401: "Unauthorized", 403: "Not a moderator of the session", ...notFound },
      },
    })
    .input(ZSessionIdInput)
    .output(ZParticipantsOutput)
    .query(async ({ ctx, input }) => one(await listParticipants(ctx.db, ctx.caller, input.id))),

  register: can("sessions.manage")
    .meta({
      openapi: {
        method: "POST",
        path: "/sessions/{id}/participants",
        tags,
        summary: "Register learners to a session",
        description:
          `For ${MODERATORS}. userIds (1 to 200) must hold an ACTIVE or COMPLETED enrollment in the session's course (422 errors.userIds names the others; nobody is registered then). ` +
          "Idempotent: already registered learners stay as they are and get no new mail. maxParticipants is enforced under concurrency (the session row is locked while counting): " +
          "409 SESSION_FULL \"Session full: N seat(s) left\" when the new learners do not all fit (none is registered then). CANCELLED or ENDED session: 409 SESSION_CLOSED. " +
          "Each newly registered learner gets the convocation (e-mail, .ics, PDF). Answers the participant list.",
        errorResponses: { 400: "Unknown field", 401: "Unauthorized", 403: "Not a moderator of the session", ...notFound, 409: "Session full, CANCELLED or ENDED", 422: "A user without a participant enrollment in the course" },
      },
    })
    .input(ZRegisterParticipantsInput)
    .output(ZParticipantsOutput)
    .mutation(async ({ ctx, input }) => one(await registerParticipants(ctx.db, ctx.caller, input.id, input.userIds, ctx.clock.now()))),

  unregister: can("sessions.manage")
    .meta({
      status: 204,
      openapi: {
        method: "DELETE",
        path: "/sessions/{id}/participants/{userId}",
        tags,
        summary: "Unregister a learner from a session",
        description: `For ${MODERATORS}. 204; the learner gets a cancellation e-mail with an .ics (METHOD:CANCEL). Not registered: 404 PARTICIPANT_NOT_FOUND. CANCELLED or ENDED session: 409 SESSION_CLOSED.`,
        successDescription: "No content",
        errorResponses: { 401: "Unauthorized", 403: "Not a moderator of the session", 404: "Session not found, or the learner is not registered", 409: "Session CANCELLED or ENDED" },
      },
    })
    .input(ZUnregisterParticipantInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await unregisterParticipant(ctx.db, ctx.caller, input.id, input.userId, ctx.clock.now());
    }),
});
