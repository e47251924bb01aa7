import { z } from "zod";
import { listEnvelope, ZLimitPageInput, ZLimitPageMeta, ZTimestamp } from "./common";

/** Isomorphic: imports only zod. The tenant's audit log (spec: "audit"), read by its ADMIN. */

const ZAuditCategory = z
  .enum(["admin", "auth"])
  .describe("admin: every action except sign-in events (auth.*); auth: sign-in events only. Absent: everything");

const ZAuditLogEntry = z.object({
  id: z.string().describe("aud_ identifier"),
  action: z.string().describe("user.role_changed, user.status_changed, session.created, emargement.override, tenant.updated, auth.login, ..."),
  actorId: z.string().nullable().describe("The user who acted (null for the system or an unknown e-mail)"),
  actorName: z.string().nullable().describe("The actor's first and last name"),
  targetType: z.string().nullable().describe("user, session, emargement, tenant, ..."),
  targetId: z.string().nullable(),
  subjectId: z.string().nullable().describe("The person the action concerns: the target user, or the learner of an attendance correction"),
  subjectName: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).describe("Details of the action (from/to of a role change, reason of a correction, ...)"),
  ip: z.string().nullable(),
  createdAt: ZTimestamp,
});
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntry>;

export const ZListAuditLogsInput = ZLimitPageInput.extend({
  actorId: z.string().max(64).optional().describe("Only the actions of this user (usr_ id)"),
  action: z.string().max(100).optional().describe("Exact action name, e.g. user.role_changed"),
  category: ZAuditCategory.optional(),
});
export type TListAuditLogsInput = z.infer<typeof ZListAuditLogsInput>;
export const ZListAuditLogsOutput = listEnvelope(ZAuditLogEntry, ZLimitPageMeta);
