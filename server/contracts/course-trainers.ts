import { z } from "zod";
import { MAX } from "./bounds";
import { envelope, ZTimestamp } from "./common";
import { ZIsoDate } from "./courses";

/** Course trainers (PRIMARY or SECONDARY) and trainer competencies (Qualiopi criterion 5). */

const ZTrainerRole = z.enum(["PRIMARY", "SECONDARY"]);

const ZCourseTrainer = z.object({
  userId: z.string(),
  role: ZTrainerRole,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  memberRole: z.string().describe("The user's role in the tenant"),
  assignedAt: ZTimestamp,
});
export const ZCourseTrainersOutput = envelope(z.array(ZCourseTrainer));

export const ZSetCourseTrainersInput = z.strictObject({
  id: z.string().max(MAX.id),
  trainers: z
    .array(z.strictObject({ userId: z.string().min(1).max(64), role: ZTrainerRole }))
    .max(50)
    .describe("The full list: replaces the course's trainers. At most one PRIMARY"),
});

const ZCompetency = z.object({
  id: z.string(),
  userId: z.string(),
  domain: z.string(),
  evidence: z.string(),
  validUntil: z.string().nullable().describe("YYYY-MM-DD"),
  isValid: z.boolean().describe("False once validUntil is past"),
  createdAt: ZTimestamp,
});
export const ZCompetencyOutput = envelope(ZCompetency);
export const ZCompetenciesOutput = envelope(z.array(ZCompetency));

export const ZTrainerUserInput = z.object({ userId: z.string().min(1).max(64) });
export const ZCreateCompetencyInput = z.strictObject({
  userId: z.string().min(1).max(64),
  domain: z.string().trim().min(1, "Required").max(200).describe("Field of competence, e.g. first aid"),
  evidence: z.string().trim().min(1, "Required").max(5_000).describe("Diploma, certificate, experience..."),
  validUntil: ZIsoDate.nullable().optional(),
});
export const ZDeleteCompetencyInput = z.object({ userId: z.string().min(1).max(64), competencyId: z.string().min(1).max(64) });

const ZTeachingMember = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(["TRAINER", "CREATOR", "ADMIN"]),
});
export const ZTeachingMembersOutput = envelope(z.array(ZTeachingMember));
