import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db";
import { enrollments, sessionTrainers, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { env } from "../../env";
import { buildIcs, type IcsMethod } from "../../lib/ics";
import { tenantUrl } from "../../lib/urls";
import { sendMail } from "../mail";
import type { SessionCourse, SessionRow } from "./access";
import type { Caller } from "../../auth/caller";

export type NoticeKind = "convocation" | "update" | "cancellation";

type Recipient = { email: string; firstName: string; lastName: string; locale: string };

const TEMPLATE = { convocation: "session-convocation", update: "session-update", cancellation: "session-cancellation" } as const;
const METHOD: Record<NoticeKind, IcsMethod> = { convocation: "REQUEST", update: "REQUEST", cancellation: "CANCEL" };

/**
 * Who hears about a session: ACTIVE enrolled learners; update and cancellation notices also
 * go to the session's trainers.
 */
async function recipients(db: Db, scope: TenantScope, session: SessionRow, kind: NoticeKind): Promise<Recipient[]> {
  const cols = { email: users.email, firstName: users.firstName, lastName: users.lastName, locale: users.locale };
  const learners = await db
    .select(cols)
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(scope.where(enrollments, eq(enrollments.courseId, session.courseId), inArray(enrollments.status, ["ACTIVE"])));
  if (kind === "convocation") return learners;
  const trainers = await db
    .select(cols)
    .from(sessionTrainers)
    .innerJoin(users, eq(users.id, sessionTrainers.userId))
    .where(scope.where(sessionTrainers, and(eq(sessionTrainers.sessionId, session.id))));
  const seen = new Set<string>();
  return [...learners, ...trainers].filter((r) => !seen.has(r.email) && seen.add(r.email));
}

/** The address part of MAIL_FROM ("Name <addr>" or "addr"). */
const organizerEmail = () => {
  const from = env().MAIL_FROM;
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
};

const utcText = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * E-mails one notice per recipient with an iCalendar attachment (METHOD:REQUEST for the
 * convocation and update notices, METHOD:CANCEL for the cancellation). Called after the
 * change is committed; returns the number of mails sent.
 */
export async function sendSessionNotices(
  db: Db,
  caller: Caller,
  input: { kind: NoticeKind; session: SessionRow; course: SessionCourse; now: Date },
): Promise<number> {
  const { scope, tenant } = caller;
  const { session, course, kind, now } = input;
  const link = tenantUrl(tenant.slug, `/sessions/${session.id}`);
  const end = new Date(session.scheduledAt.getTime() + session.durationMinutes * 60_000);
  const list = await recipients(db, scope, session, kind);
  for (const r of list) {
    const ics = buildIcs(METHOD[kind], {
      uid: `${session.id}@${tenant.slug}`,
      sequence: session.icsSequence,
      stamp: now,
      start: session.scheduledAt,
      end,
      summary: session.title,
      description: [course.title, session.description].filter(Boolean).join("\n\n"),
      url: link,
      organizer: { name: tenant.name, email: organizerEmail() },
      attendee: { name: `${r.firstName} ${r.lastName}`.trim(), email: r.email },
    });
    await sendMail(db, {
      scope,
      to: r.email,
      template: TEMPLATE[kind],
      locale: r.locale,
      vars: {
        firstName: r.firstName,
        title: session.title,
        courseTitle: course.title,
        startsAt: utcText(session.scheduledAt),
        durationMinutes: String(session.durationMinutes),
        link,
      },
      attachments: [
        {
          filename: kind === "cancellation" ? "cancellation.ics" : "invitation.ics",
          contentType: `text/calendar; charset=utf-8; method=${METHOD[kind]}`,
          content: Buffer.from(ics, "utf8").toString("base64"),
        },
      ],
    });
  }
  return list.length;
}
