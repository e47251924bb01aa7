/**
 * Every queue of the job worker. A new kind of background work: its name here, its definition
 * (`defineJob`) beside its service, and one line in registry.ts.
 */
export type JobName =
  | "event.dispatch"
  | "events.sweep"
  | "webhook.deliver"
  | "mail.send"
  | "ai.run"
  | "session.notices"
  | "document.certificate"
  | "attendance.reminders"
  | "complaints.sla"
  | "complaints.autoclose"
  | "survey.send"
  | "surveys.sweep"
  | "invoice.render"
  | "invoices.overdue";
