import {
  ZBreakdownOutput,
  ZCharges,
  ZChargesInput,
  ZChargesOutput,
  ZCourseClassesOutput,
  ZCourseClassInput,
  ZCourseClassRow,
  ZCurrentYearOutput,
  ZDrilldownInput,
  ZDrilldownOutput,
  ZGenerateInput,
  ZGenerateOutput,
  ZSnapshotOutput,
  ZSubmitInput,
  ZEnrollmentSubcontractingInput,
  ZEnrollmentSubcontractingOutput,
  ZSubmitOutput,
  ZTrainerEngagementInput,
  ZTrainersOutput,
  ZYearInput,
} from "../../contracts/bpf";
import { envelope } from "../../contracts/common";
import { ZNoInput } from "../../contracts/common";
import { one } from "../../contracts/envelope";
import { getCharges, listCourseClasses, listTrainers, putCharges, setCourseClass, setEnrollmentSubcontracting, setTrainerEngagement } from "../../services/bpf/inputs";
import { currentYear, drilldown, generate, getBreakdown, getSnapshot, submit } from "../../services/bpf/snapshots";
import { bpfProcedure as bpf, router } from "../trpc";

const tags = ["BPF"];
const who = { 401: "Unauthorized", 403: "Not ADMIN or FINANCIER (bpf.manage), or OF mode off (OF_MODE_DISABLED)" };
const none = { 404: "No BPF generated for this year (BPF_SNAPSHOT_NOT_FOUND), or another tenant's" };

const RULES =
  "BPF (bilan pédagogique et financier, cerfa 10443*17), ADMIN or FINANCIER. ONE computation gives every figure (live view, snapshot, breakdown, CSV, PDF, drill-down). " +
  "Exercise: the calendar year in the tenant's time zone. Hours: attended minutes from the attendance status function (the same as the sheets and attestations), per person and slot; " +
  "a slot or session spanning two years is split by the share of its time inside each year; e-learning (ELEARNING courses) counts the course's planned duration in the year the enrollment was COMPLETED. " +
  "A trainee is an enrollment with hours in the year (whatever its later status: hours attended before a cancellation count; an enrollment cancelled before any hour is not one). " +
  "Categories SAL -> F-1 a, DE -> F-1 c, AUT -> F-1 d when financed SELF else F-1 e; a trainee without category or financing source is an anomaly (listed, not guessed). " +
  "Revenue HT: invoices and credit notes ISSUED, PAID or OVERDUE with issuedAt in the year (DRAFT and CANCELLED ignored), subtotalCents as currency units, credit notes subtracted. " +
  "Frame C line by the payer's client kind: COMPANY 1, OPCO 2e (enrollment financed CPF) or 2h, PUBLIC 7 (POLE_EMPLOI) or 8, INDIVIDUAL 9. financingSources by the enrollment's source, " +
  "else by payer (COMPANY employer, OPCO opco, INDIVIDUAL self); a PUBLIC payer without a source is an anomaly. Frame C counts TRAINING invoice lines only (a line's kind; without one, " +
  "the lines of an invoice linked to an enrollment); frames.c.trainingShare = total C / all invoiced HT. D from the charges entered for the year; E from the session trainers and their " +
  "engagement (INTERNAL E-1, EXTERNAL E-2); F counts the organisation's own trainees (F-2: SUBCONTRACTED_OUT enrollments), G the RECEIVED ones (their revenue is line 10); F-3 from the course's " +
  "trainingObjective/rncpLevel (else RNCP/RS from certificationNumber), F-4 from its nsfCode (top five by trainees, then other); H: the legal identity's director and the computation's date. " +
  "frames.inputs names every missing input with where to enter it; frames.gaps what prints non renseigné. checks: F-1 totals, F-3 = F-1, F-4 = F-1, C total and line 2, financing total, F-2 <= F-1. " +
  "Every /bpf operation answers 403 OF_MODE_DISABLED when the tenant's OF mode is off.";

export const bpfRouter = router({
  currentYear: bpf()
    .meta({
      openapi: {
        method: "GET",
        path: "/bpf/current-year",
        tags,
        summary: "Live figures of the current year",
        description: `${RULES} Recalculated at every call, nothing stored; status is always OPEN.`,
        errorResponses: who,
      },
    })
    .input(ZNoInput)
    .output(ZCurrentYearOutput)
    .query(async ({ ctx }) => one(await currentYear(ctx.db, ctx.caller, ctx.clock.now()))),

  get: bpf()
    .meta({
      openapi: {
        method: "GET",
        path: "/bpf/year/{year}",
        tags,
        summary: "The year's BPF snapshot",
        description: `${RULES} The stored snapshot (GENERATED or SUBMITTED), with its frames, checks and anomalies.`,
        errorResponses: { 400: "Invalid year", ...who, ...none },
      },
    })
    .input(ZYearInput)
    .output(ZSnapshotOutput)
    .query(async ({ ctx, input }) => one(await getSnapshot(ctx.db, ctx.caller, input.year))),

  generate: bpf()
    .meta({
      openapi: {
        method: "POST",
        path: "/bpf/year/{year}/generate",
        tags,
        summary: "Generate (or regenerate) the year's BPF snapshot",
        description:
          `${RULES} State table: none -> GENERATED; GENERATED -> GENERATED (recalculated, overwritten); SUBMITTED with force false -> 409 BPF_ALREADY_SUBMITTED; ` +
          "SUBMITTED with force true -> GENERATED (recalculated; submittedAt, receiptId and notes cleared, the previous receipt kept in the audit log). " +
          "The current year may be generated (a provisional snapshot); a year not started yet answers 422 BPF_YEAR_NOT_STARTED (errors.year). Audited.",
        errorResponses: { 400: "Unknown field", ...who, 409: "Submitted and force false (BPF_ALREADY_SUBMITTED)", 422: "The year has not started (BPF_YEAR_NOT_STARTED, errors.year)" },
      },
    })
    .input(ZGenerateInput)
    .output(ZGenerateOutput)
    .mutation(async ({ ctx, input }) => one(await generate(ctx.db, ctx.caller, input.year, input.force, ctx.clock.now()))),

  submit: bpf()
    .meta({
      openapi: {
        method: "POST",
        path: "/bpf/year/{year}/submit",
        tags,
        summary: "Record the BPF's submission (locks the snapshot)",
        description:
          `${RULES} GENERATED -> SUBMITTED with the filing date (not in the future, tenant's zone), the Mon Activité Formation receipt id and notes; the snapshot is then locked ` +
          "(generate answers 409 unless force). Already SUBMITTED: 409 BPF_ALREADY_SUBMITTED. Audited.",
        errorResponses: { 400: "Unknown field", ...who, ...none, 409: "Already submitted (BPF_ALREADY_SUBMITTED)", 422: "submittedAt in the future (errors.submittedAt)" },
      },
    })
    .input(ZSubmitInput)
    .output(ZSubmitOutput)
    .mutation(async ({ ctx, input }) => one(await submit(ctx.db, ctx.caller, input, ctx.clock.now()))),

  breakdown: bpf()
    .meta({
      openapi: {
        method: "GET",
        path: "/bpf/year/{year}/breakdown",
        tags,
        summary: "The snapshot's breakdown: totals, financing sources, categories, frames and checks",
        description: `${RULES} From the stored snapshot.`,
        errorResponses: { 400: "Invalid year", ...who, ...none },
      },
    })
    .input(ZYearInput)
    .output(ZBreakdownOutput)
    .query(async ({ ctx, input }) => one(await getBreakdown(ctx.db, ctx.caller, input.year))),

  drilldown: bpf()
    .meta({
      openapi: {
        method: "GET",
        path: "/bpf/year/{year}/cells/{cell}",
        tags,
        summary: "The records behind one BPF figure",
        description:
          `${RULES} Lists, from the snapshot, the records a figure is made of: enrollments (trainee's name and course, hours counted in the year, category, source, linked revenue) ` +
          "then invoices and credit notes (number, client, frame C line, source, HT counted, negative for a credit note). meta.value is the figure itself, so the list and the figure can be compared. " +
          "cell: trainees, hours, revenue, anomalies, category-SAL|DE|AUT|NONE, f1-a..e, c-1, c-2 (2a..2h), c-2a..c-2h, c-3..c-11, financing-opco|cpf|poleEmploi|employer|self|unknown. " +
          "Pages: trainees first (by enrollment id), then invoices (by issue date); perPage defaults to 20 (max 100).",
        errorResponses: { 400: "Invalid query", ...who, 404: "No snapshot (BPF_SNAPSHOT_NOT_FOUND) or unknown cell (BPF_CELL_UNKNOWN)" },
      },
    })
    .input(ZDrilldownInput)
    .output(ZDrilldownOutput)
    .query(({ ctx, input }) => drilldown(ctx.db, ctx.caller, input)),

  charges: bpf()
    .meta({
      openapi: { method: "GET", path: "/bpf/year/{year}/charges", tags, summary: "The year's charges (frame D)", description: `${RULES} data is null when not entered.`, errorResponses: { 400: "Invalid year", ...who } },
    })
    .input(ZYearInput)
    .output(ZChargesOutput)
    .query(async ({ ctx, input }) => one(await getCharges(ctx.db, ctx.caller, input.year))),

  setCharges: bpf()
    .meta({
      openapi: {
        method: "PUT",
        path: "/bpf/year/{year}/charges",
        tags,
        summary: "Enter the year's charges (frame D)",
        description: `${RULES} Cents HT: total charges of the training activity, of which trainers' salaries and purchases of training services and fees (their sum at most the total, else 422 errors.totalCents). Replaces the year's values; audited. Read by the next generate.`,
        errorResponses: { 400: "Invalid or missing field (errors map) or unknown field", ...who, 422: "Salaries and purchases exceed the total (errors.totalCents)" },
      },
    })
    .input(ZChargesInput)
    .output(envelope(ZCharges))
    .mutation(async ({ ctx, input }) => one(await putCharges(ctx.db, ctx.caller, input, ctx.clock.now()))),

  trainers: bpf()
    .meta({ openapi: { method: "GET", path: "/bpf/trainers", tags, summary: "Trainers and their engagement (frame E)", description: `${RULES} The active ADMIN, CREATOR and TRAINER members; engagement null: not entered.`, errorResponses: who } })
    .input(ZNoInput)
    .output(ZTrainersOutput)
    .query(async ({ ctx }) => one(await listTrainers(ctx.db, ctx.caller))),

  setTrainer: bpf()
    .meta({
      openapi: {
        method: "PUT",
        path: "/bpf/trainers/{userId}",
        tags,
        summary: "Set a trainer's engagement (frame E)",
        description: `${RULES} INTERNAL (E-1) or EXTERNAL (E-2). A user who is not a member of the tenant: 404. Audited.`,
        errorResponses: { 400: "Unknown field", ...who, 404: "Not a member (USER_NOT_FOUND)" },
      },
    })
    .input(ZTrainerEngagementInput)
    .output(envelope(ZTrainerEngagementInput))
    .mutation(async ({ ctx, input }) => one(await setTrainerEngagement(ctx.db, ctx.caller, input, ctx.clock.now()))),

  courses: bpf()
    .meta({ openapi: { method: "GET", path: "/bpf/courses", tags, summary: "Courses with their F-3 objective and F-4 NSF code", description: `${RULES} Draft and published courses.`, errorResponses: who } })
    .input(ZNoInput)
    .output(ZCourseClassesOutput)
    .query(async ({ ctx }) => one(await listCourseClasses(ctx.db, ctx.caller))),

  setCourse: bpf()
    .meta({
      openapi: {
        method: "PATCH",
        path: "/bpf/courses/{courseId}",
        tags,
        summary: "Set a course's F-3 objective and F-4 NSF code",
        description: `${RULES} The fields given change; RNCP needs rncpLevel 2..8 (422 errors.rncpLevel), another objective clears it; nsfCode must be a code of the NSF list (422 errors.nsfCode). Audited.`,
        errorResponses: { 400: "Unknown field", ...who, 404: "Unknown course (COURSE_NOT_FOUND)", 422: "RNCP without rncpLevel, or nsfCode not of the NSF list (errors map)" },
      },
    })
    .input(ZCourseClassInput)
    .output(envelope(ZCourseClassRow))
    .mutation(async ({ ctx, input }) => one(await setCourseClass(ctx.db, ctx.caller, input, ctx.clock.now()))),

  setSubcontracting: bpf()
    .meta({
      openapi: {
        method: "PUT",
        path: "/bpf/enrollments/{enrollmentId}/subcontracting",
        tags,
        summary: "Mark an enrollment subcontracted out (F-2) or received from another organisation (G)",
        description: `${RULES} subcontracting: SUBCONTRACTED_OUT, RECEIVED or null. Audited.`,
        errorResponses: { 400: "Unknown field", ...who, 404: "Unknown enrollment (ENROLLMENT_NOT_FOUND)" },
      },
    })
    .input(ZEnrollmentSubcontractingInput)
    .output(ZEnrollmentSubcontractingOutput)
    .mutation(async ({ ctx, input }) => one(await setEnrollmentSubcontracting(ctx.db, ctx.caller, input, ctx.clock.now()))),
});

/** Shared with the binary routes GET /bpf/year/{year}/export and /export-csv (server/http/bpf-pdf.ts, bpf-csv.ts), which declare their own operation. */
export { RULES as BPF_RULES, who as BPF_WHO, none as BPF_NONE };
