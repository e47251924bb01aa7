import { z } from "zod";

export const ZOutboxInput = z.object({
  to: z.string().max(320).optional().describe("Recipient e-mail"),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZOutboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  template: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), content: z.string().describe("Base64") })),
  transport: z.string(),
  createdAt: z.string(),
});
export const ZOutboxOutput = z.object({ data: z.array(ZOutboxMail) });
