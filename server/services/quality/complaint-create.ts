import { eq } from "drizzle-orm";
import type { PublicCaller } from "../../auth/caller";
import { DEFAULT_COMPLAINT_SEVERITY, type TCreateComplaintInput } from "../../contracts/complaints";
import type { Db } from "../../db";
import { complaints, users } from "../../db/schema";
import { env } from "../../env";
import { catalogues } from "../../../messages";
import { createTranslator } from "../../../lib/i18n/translate";
import { toLocale } from "../../../lib/i18n/config";
import { formatDateTimeLong } from "../../../lib/i18n/format";
import { DomainError, forbidden, unprocessable } from "../../errors";
import { newId } from "../../lib/ids";
import { localDate, startOfLocalDate } from "../../lib/local-date";
import { mailerFor } from "../mail";
import { notifyUsers } from "../notifications/notifications";
import { writeAudit } from "../platform/audit";
import { openComplaintPlan } from "./complaint-plan";
import { takeComplaintReference } from "./complaint-reference";
import { checkRefs, complainantLabel, complaintLink, recordStatus, SLA_HOURS } from "./complaints";
import { assertActiveMember, mailStaff, tenantInfo } from "./members";

const HOUR = 3_600_000;

type Complainant = { userId: string | null; name: string | null; email: string | null; phone: string | null; locale: string };

/** Whether the request records a complaint received elsewhere (staff only): any of channel, receivedAt, complainantUserId. */
const isRecording = (input: TCreateComplaintInput) => input.channel !== undefined || input.receivedAt !== undefined || input.complainantUserId !== undefined;

async function accountOf(db: Db, userId: string, phone: string | null): Promise<Complainant | null> {
  const [u] = await db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName, locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  return u ? { userId, name: `${u.firstName} ${u.lastName}`.trim(), email: u.email, phone, locale: u.locale } : null;
}

/** Who complains: the member staff named, what staff or the contact form typed, or the signed-in account. */
async function complainantOf(db: Db, caller: PublicCaller, input: TCreateComplaintInput, recording: boolean): Promise<Complainant> {
  const phone = input.phone ?? null;
  if (recording && input.complainantUserId) {
    await assertActiveMember(db, caller.scope, input.complainantUserId, "complainantUserId");
    const c = await accountOf(db, input.complainantUserId, phone);
    if (!c) throw unprocessable("Validation failed", { complainantUserId: ["Not an active member of this organisation"] });
    return c;
  }
  if (!recording && caller.userId) {
    const c = await accountOf(db, caller.userId, phone);
    if (!c) throw new DomainError("UNAUTHORIZED", "Unauthorized");
    return c;
  }
  return { userId: null, name: input.name ?? null, email: input.email ?? null, phone, locale: "fr" };
}

/** When it was received: staff may date it in the past (a letter, a call), never in the future. A day alone: today is now, an earlier day its start in the tenant's zone. */
function receptionOf(input: TCreateComplaintInput, now: Date, timeZone: string): Date {
  const value = input.receivedAt;
  if (!value) return now;
  const isDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const at = isDay ? (value === localDate(now, timeZone) ? now : startOfLocalDate(value, timeZone)) : new Date(value);
  if (at.getTime() > now.getTime()) throw unprocessable("Validation failed", { receivedAt: ["The reception date cannot be in the future"] });
  return at;
}

/**
 * POST /complaints. Three ways in:
 * - the public contact form (no sign-in): name, email and phone optional; without name and email
 *   the complaint is anonymous, without email no e-mail goes to the complainant;
 * - a signed-in complainant (any role): the account is the complainant;
 * - an ADMIN recording a complaint received by phone, e-mail, letter or in person (channel,
 *   receivedAt, the complainant typed or a member named by complainantUserId).
 * The severity is staff's: from anyone without complaints.manage it is ignored (MEDIUM).
 * In one transaction: the reference (RECL-year-0042, gapless), the complaint, its first history
 * line, for HIGH and CRITICAL a DRAFT improvement plan, for CRITICAL the 24 h SLA from reception
 * and an in-app notification per ACTIVE ADMIN, one e-mail per ACTIVE ADMIN, and the complainant's
 * acknowledgement (reference and answer delay) when an e-mail is known.
 */
export async function createComplaint(db: Db, caller: PublicCaller, input: TCreateComplaintInput, now: Date) {
  const scope = caller.scope;
  const staff = caller.can("complaints.manage");
  const recording = isRecording(input);
  if (recording && !staff) {
    if (!caller.userId) throw new DomainError("UNAUTHORIZED", "Sign in as an ADMIN to record a complaint received by phone, e-mail, letter or in person");
    throw forbidden("Recording a complaint received by phone, e-mail, letter or in person needs complaints.manage (ADMIN)", "PERMISSION_DENIED");
  }
  const severity = staff && input.severity ? input.severity : DEFAULT_COMPLAINT_SEVERITY;
  const tenant = await tenantInfo(db, scope.tenantId);
  const receivedAt = receptionOf(input, now, tenant.timeZone);
  const complainant = await complainantOf(db, caller, input, recording);
  const refs = await checkRefs(db, scope, input);
  const id = newId("cpl");
  const critical = severity === "CRITICAL";
  const slaDueAt = critical ? new Date(receivedAt.getTime() + SLA_HOURS * HOUR) : null;
  const answerDays = env().COMPLAINT_ANSWER_DAYS;
  const answerDueAt = slaDueAt ?? new Date(receivedAt.getTime() + answerDays * 24 * HOUR);

  return db.transaction(async (tx) => {
    const ref = await takeComplaintReference(tx, scope, Number(localDate(receivedAt, tenant.timeZone).slice(0, 4)));
    const planId = severity === "HIGH" || critical ? await openComplaintPlan(tx, scope, { subject: input.subject, severity }, now, "severity") : null;
    await tx.insert(complaints).values(
      scope.values(complaints, {
        id,
        reference: ref.reference,
        referenceYear: ref.year,
        referenceSeq: ref.seq,
        channel: input.channel ?? "WEB",
        receivedAt,
        recordedBy: recording ? caller.userId : null,
        subject: input.subject,
        description: input.description,
        category: input.category,
        severity,
        status: "NEW" as const,
        courseId: refs.courseId,
        sessionId: refs.sessionId,
        attachments: input.attachments,
        complainantUserId: complainant.userId,
        complainantName: complainant.name,
        complainantEmail: complainant.email,
        complainantPhone: complainant.phone,
        complainantLocale: complainant.locale,
        improvementPlanId: planId,
        slaDueAt,
        statusChangedAt: now,
        createdAt: now,
        updatedAt: now,
      }),
    );
    await recordStatus(tx, scope, id, null, "NEW", recording ? caller.userId : complainant.userId, now);
    const link = complaintLink(tenant.slug, id);
    const send = mailerFor(tx, scope);
    const admins = await mailStaff(tx, scope, "complaints.manage", {
      template: "complaint-received",
      dedupeKey: `complaint-received:${id}`,
      vars: (a) => {
        const locale = a.locale === "en" ? "en" : "fr";
        const t = createTranslator(catalogues[locale], locale);
        return {
          reference: ref.reference,
          subject: input.subject,
          category: t(`quality.category_${input.category}`),
          severity: t(`quality.severity_${severity}`),
          complainant: complainantLabel(complainant, a.locale),
          critical: critical ? "yes" : "no",
          slaDueAt: slaDueAt ? formatDateTimeLong(slaDueAt, locale, tenant.timeZone) : "",
          link,
        };
      },
    }, send);
    if (complainant.email) {
      await send({
        dedupeKey: `complaint-acknowledged:${id}`,
        to: complainant.email,
        template: "complaint-acknowledged",
        locale: complainant.locale,
        vars: {
          name: complainant.name ?? "",
          reference: ref.reference,
          subject: input.subject,
          receivedOn: formatDateTimeLong(receivedAt, toLocale(complainant.locale), tenant.timeZone, false),
          critical: critical ? "yes" : "no",
          answerDays: String(answerDays),
          answerDueOn: formatDateTimeLong(answerDueAt, toLocale(complainant.locale), tenant.timeZone, critical),
        },
      });
    }
    if (critical) {
      // In the app as it happens: the bell of every ADMIN (the header polls the unread count).
      const vars = { subject: input.subject, slaDueAt: slaDueAt!.toISOString() };
      await notifyUsers(tx, scope, admins.map((a) => a.userId), { kind: "complaint.critical", vars, link: `/quality?complaint=${id}`, subjectId: id }, now);
    }
    await writeAudit(tx, caller, {
      action: "complaint.created",
      targetType: "complaint",
      targetId: id,
      metadata: { reference: ref.reference, channel: input.channel ?? "WEB", severity, category: input.category, improvementPlanId: planId },
    });
    return {
      id,
      reference: ref.reference,
      status: "NEW" as const,
      severity,
      createdAt: now.toISOString(),
      answerDueAt: answerDueAt.toISOString(),
      acknowledged: !!complainant.email,
      notifiedAdmins: admins.map((a) => a.userId),
      improvementPlanId: planId,
      slaDueAt: slaDueAt ? slaDueAt.toISOString() : null,
    };
  });
}
