import { ZListAuditLogsInput, ZListAuditLogsOutput } from "../../contracts/audit";
import { listAuditLogs } from "../../services/platform/audit-log";
import { can, router } from "../trpc";

const tags = ["Audit log"];

export const auditRouter = router({
  list: can("audit.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/audit-logs",
        tags,
        summary: "The tenant's audit log (administration and sign-in actions)",
        description:
          "ADMIN only. The specification names the audit log only as a functional area; this operation is our reading of it: " +
          "every security-relevant action recorded for the tenant (role and status changes, invitations, session creation and cancellation, " +
          "attendance corrections, tenant settings, a platform suspension, sign-ins), newest first (createdAt, then id, descending). " +
          "Filters: actorId (the user who acted), action (exact name, e.g. user.role_changed), category (admin: everything but sign-in events; " +
          "auth: sign-in events `auth.*` only). Pagination page and limit (default 25, max 100), meta {total, page, limit, totalPages}. " +
          "Entries of other tenants and platform-level entries without a tenant are never listed. `subjectId`/`subjectName` name the person " +
          "an action concerns (the target user, or the learner of an attendance correction).",
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "ADMIN required, or the organisation is suspended" },
      },
    })
    .input(ZListAuditLogsInput)
    .output(ZListAuditLogsOutput)
    .query(({ ctx, input }) => listAuditLogs(ctx.db, ctx.scope, input)),
});
