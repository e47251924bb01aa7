import { ZOutboxInput, ZOutboxOutput } from "../../contracts/dev";
import { one } from "../../contracts/envelope";
import { devOutboxEnabled } from "../../env";
import { DomainError } from "../../errors";
import { isLoopbackAddress } from "../../lib/loopback";
import { listOutbox } from "../../services/mail";
import { publicProcedure, router } from "../trpc";

export const devRouter = router({
  outbox: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/dev/outbox",
        tags: ["Development"],
        protect: false,
        summary: "Development mail outbox",
        description: "Lists the e-mails the platform sent or queued (status QUEUED until the mail job sends them), newest first. Only when NODE_ENV is not production or ENABLE_DEV_OUTBOX=true, and only to a client on the loopback interface (127.0.0.0/8, ::1) of the server; 404 otherwise.",
        errorResponses: { 404: "Outbox disabled" },
      },
    })
    .input(ZOutboxInput)
    .output(ZOutboxOutput)
    .query(async ({ ctx, input }) => {
      // Reset links and invitations of every tenant: never to anyone but the machine itself.
      if (!devOutboxEnabled() || !isLoopbackAddress(ctx.ip)) throw new DomainError("NOT_FOUND", "Not found", { reason: "ROUTE_NOT_FOUND" });
      const rows = await listOutbox(ctx.db, input.to, input.limit);
      return one(rows.map((r) => ({ ...r, attachments: r.attachments ?? [], createdAt: r.createdAt.toISOString(), sentAt: r.sentAt?.toISOString() ?? null })));
    }),
});
