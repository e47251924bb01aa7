import { z } from "zod";
import { envelope } from "./envelope";

export const ZOutboxInput = z.object({
  to: z.string().max(320).optional().describe("Recipient e-mail"),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
const ZOutboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable().describe("The HTML part: the tenant's branded layout (null for platform mail)"),
  template: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), content: z.string().describe("Base64") })),
  status: z.enum(["QUEUED", "SENT", "FAILED"]).describe("QUEUED until the mail job has sent it; FAILED after the last retry"),
  transport: z.string().nullable().describe("The link of the transport chain that sent it (null while queued)"),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export const ZOutboxOutput = envelope(z.array(ZOutboxMail));
