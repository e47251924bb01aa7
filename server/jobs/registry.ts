import { aiJobs } from "../services/ai/jobs";
import { reminderJobs } from "../services/attendance/reminders";
import { documentJobs } from "../services/documents/certificate-job";
import { eventJobs } from "../services/platform/event-jobs";
import { mailJobs } from "../services/mail/jobs";
import { sessionNoticeJobs } from "../services/sessions/notices";
import { webhookJobs } from "../services/webhooks/delivery-job";
import { complaintJobs } from "../services/quality/complaint-jobs";
import { surveyJobs } from "../services/surveys/invitations";
import { invoiceJobs } from "../services/billing/invoice-pdf";
import { overdueJobs } from "../services/billing/overdue-job";
import type { JobDefinition } from "./define";

/**
 * Every job the worker runs. A domain defines its jobs beside its service (`defineJob`) and
 * lists them here; the worker, the installer (queues) and the tests' drainJobs read this list.
 */
export const JOBS: readonly JobDefinition<never>[] = [...eventJobs, ...webhookJobs, ...mailJobs, ...sessionNoticeJobs, ...aiJobs, ...documentJobs, ...reminderJobs, ...complaintJobs, ...surveyJobs, ...invoiceJobs, ...overdueJobs] as JobDefinition<never>[];
