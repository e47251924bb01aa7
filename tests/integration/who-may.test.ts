import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCaller, type Caller, type PublicCaller } from "../../server/auth/caller";
import { rolesWith, ROLES, type Role } from "../../server/auth/permissions";
import type { DbHandle } from "../../server/db";
import { courses, courseTrainers, enrollments } from "../../server/db/schema";
import { forTenant } from "../../server/db/tenant-scope";
import { newId } from "../../server/lib/ids";
import {
  isCourseOwner,
  isCourseTrainer,
  barredEnrollment,
  BARRED_STATUSES,
  isBarredStatus,
  isParticipant,
  isParticipantStatus,
  isSessionStaff,
  participantCourseIds,
  participantEnrollment,
  participantEnrollments,
  PARTICIPANT_STATUSES,
  teachesSession,
  TEACHING_ROLES,
} from "../../server/services/platform/who-may";
import { ensureCourse, ensureMembership, ensureTenant, ensureUser } from "../factories";
import { insertEnrollment } from "../factories/learning";
import { freshDatabase } from "../helpers/db";

/**
 * The who-may rules (services/platform/who-may.ts) against a real database, and the guard that
 * keeps them the only place: no service compares the caller's role or restates the participant
 * statuses.
 */
let h: DbHandle;
let acme: { id: string; slug: string; name: string };
let globex: { id: string; slug: string; name: string };
const u: Record<string, string> = {};
let course: string;
let other: string;
let globexCourse: string;

const callerIn = (tenant: { id: string; slug: string; name: string }, userId: string, role: Role): Caller =>
  buildCaller({
    tenant: { ...tenant, ofMode: true, authMode: "PASSWORD", timeZone: "Europe/Paris" },
    scope: forTenant(tenant.id),
    userId,
    role,
    membershipId: null,
    ip: null,
    userAgent: null,
    requestId: null,
  });
const anonymous = (): PublicCaller =>
  buildCaller({ tenant: { ...acme, ofMode: true, authMode: "PASSWORD", timeZone: "Europe/Paris" }, scope: forTenant(acme.id), userId: null, role: null, membershipId: null, ip: null, userAgent: null, requestId: null });
const acmeCaller = (who: string, role: Role) => callerIn(acme, u[who]!, role);

beforeAll(async () => {
  h = await freshDatabase();
  const db = h.db;
  acme = await ensureTenant(db, { slug: "wm-acme", name: "Acme" });
  globex = await ensureTenant(db, { slug: "wm-globex", name: "Globex" });
  const people: [string, Role][] = [
    ["admin", "ADMIN"],
    ["creator", "CREATOR"],
    ["creator2", "CREATOR"],
    ["trainer", "TRAINER"],
    ["active", "LEARNER"],
    ["completed", "LEARNER"],
    ["cancelled", "LEARNER"],
    ["suspended", "LEARNER"],
    ["revoked", "LEARNER"],
  ];
  for (const [local, role] of people) {
    u[local] = (await ensureUser(db, { email: `wm.${local}@acme.test`, firstName: local, lastName: "Test" })).id;
    await ensureMembership(db, acme.id, u[local]!, role);
  }
  course = (await ensureCourse(db, acme.id, { slug: "wm-course", title: "Course", creatorId: u.creator! })).id;
  other = (await ensureCourse(db, acme.id, { slug: "wm-other", title: "Other", creatorId: u.creator2! })).id;
  for (const status of ["ACTIVE", "COMPLETED", "CANCELLED", "SUSPENDED", "REVOKED"] as const) {
    await insertEnrollment(db, acme.id, { courseId: course, userId: u[status.toLowerCase()]!, status });
  }
  await db.insert(courseTrainers).values(forTenant(acme.id).values(courseTrainers, { id: newId("ctr"), courseId: course, userId: u.trainer! }));
  // The same learner in another tenant: nothing there counts in acme, and the reverse.
  const gCreator = (await ensureUser(db, { email: "wm.creator@globex.test", firstName: "G", lastName: "Creator" })).id;
  await ensureMembership(db, globex.id, gCreator, "CREATOR");
  await ensureMembership(db, globex.id, u.active!, "LEARNER");
  globexCourse = (await ensureCourse(db, globex.id, { slug: "wm-globex", title: "Globex course", creatorId: gCreator })).id;
  await insertEnrollment(db, globex.id, { courseId: globexCourse, userId: u.active!, status: "ACTIVE" });
});
afterAll(() => h?.close());

describe("participant: an ACTIVE or COMPLETED enrollment in the course", () => {
  it("isParticipantStatus accepts exactly ACTIVE and COMPLETED", () => {
    expect([...PARTICIPANT_STATUSES]).toEqual(["ACTIVE", "COMPLETED"]);
    expect(["ACTIVE", "COMPLETED", "CANCELLED", "SUSPENDED", "REVOKED"].filter(isParticipantStatus)).toEqual(["ACTIVE", "COMPLETED"]);
  });

  it("isParticipant and participantEnrollment: ACTIVE and COMPLETED yes; CANCELLED, SUSPENDED, REVOKED, staff and anonymous no", async () => {
    const db = h.db;
    const answers: Record<string, boolean> = {};
    for (const who of ["active", "completed", "cancelled", "suspended", "revoked", "creator", "admin", "trainer"]) {
      answers[who] = await isParticipant(db, acmeCaller(who, "LEARNER"), course);
    }
    expect(answers).toEqual({ active: true, completed: true, cancelled: false, suspended: false, revoked: false, creator: false, admin: false, trainer: false });
    expect(await isParticipant(db, anonymous(), course)).toBe(false);

    const [row] = await db.select({ id: enrollments.id }).from(enrollments).where(forTenant(acme.id).where(enrollments, eq(enrollments.userId, u.completed!))).limit(1);
    expect(await participantEnrollment(db, forTenant(acme.id), course, u.completed!)).toBe(row!.id);
    expect(await participantEnrollment(db, forTenant(acme.id), course, u.cancelled!)).toBeNull();
    expect(await participantEnrollment(db, forTenant(acme.id), other, u.active!)).toBeNull();
  });

  it("barred: SUSPENDED and REVOKED are neither participants nor silently absent (barredEnrollment names them)", async () => {
    const db = h.db;
    expect([...BARRED_STATUSES]).toEqual(["SUSPENDED", "REVOKED"]);
    expect(["ACTIVE", "COMPLETED", "CANCELLED", "SUSPENDED", "REVOKED"].filter(isBarredStatus)).toEqual(["SUSPENDED", "REVOKED"]);
    const scope = forTenant(acme.id);
    const answers: Record<string, string | null> = {};
    for (const who of ["active", "completed", "cancelled", "suspended", "revoked", "trainer"]) answers[who] = await barredEnrollment(db, scope, course, u[who]!);
    expect(answers).toEqual({ active: null, completed: null, cancelled: null, suspended: "SUSPENDED", revoked: "REVOKED", trainer: null });
    // another course, another tenant: never
    expect(await barredEnrollment(db, scope, other, u.suspended!)).toBeNull();
    expect(await barredEnrollment(db, forTenant(globex.id), course, u.suspended!)).toBeNull();
  });

  it("stays inside the caller's tenant: another tenant's course or enrollment never counts", async () => {
    const db = h.db;
    expect(await isParticipant(db, acmeCaller("active", "LEARNER"), globexCourse)).toBe(false);
    expect(await isParticipant(db, callerIn(globex, u.active!, "LEARNER"), course)).toBe(false);
    expect(await isParticipant(db, callerIn(globex, u.active!, "LEARNER"), globexCourse)).toBe(true);
  });

  it("participantCourseIds and participantEnrollments select the same rows as the rule", async () => {
    const db = h.db;
    const scope = forTenant(acme.id);
    for (const who of ["active", "completed", "cancelled"]) {
      const rows = await db
        .select({ id: courses.id })
        .from(courses)
        .where(scope.where(courses, inArray(courses.id, participantCourseIds(acmeCaller(who, "LEARNER")))));
      expect(rows.map((r) => r.id)).toEqual(who === "cancelled" ? [] : [course]);
    }
    const listed = await db.select({ userId: enrollments.userId }).from(enrollments).where(participantEnrollments(scope, eq(enrollments.courseId, course)));
    expect(listed.map((r) => r.userId).sort()).toEqual([u.active!, u.completed!].sort());
  });
});

describe("course owner, course trainer, session staff", () => {
  const row = () => ({ creatorId: u.creator! });

  it("isCourseOwner: the creator and an ADMIN (courses.ownAll); not another CREATOR, a trainer, a learner or an anonymous caller", () => {
    expect(isCourseOwner(row(), acmeCaller("creator", "CREATOR"))).toBe(true);
    expect(isCourseOwner(row(), acmeCaller("admin", "ADMIN"))).toBe(true);
    expect(isCourseOwner(row(), acmeCaller("creator2", "CREATOR"))).toBe(false);
    expect(isCourseOwner(row(), acmeCaller("trainer", "TRAINER"))).toBe(false);
    expect(isCourseOwner(row(), acmeCaller("active", "LEARNER"))).toBe(false);
    expect(isCourseOwner(row(), anonymous())).toBe(false);
  });

  it("isCourseTrainer: assigned trainers only (course_trainers), by default the caller", async () => {
    const db = h.db;
    expect(await isCourseTrainer(db, acmeCaller("trainer", "TRAINER"), course)).toBe(true);
    expect(await isCourseTrainer(db, acmeCaller("admin", "ADMIN"), course, u.trainer!)).toBe(true);
    expect(await isCourseTrainer(db, acmeCaller("trainer", "TRAINER"), other)).toBe(false);
    expect(await isCourseTrainer(db, acmeCaller("creator", "CREATOR"), course)).toBe(false);
    expect(await isCourseTrainer(db, callerIn(globex, u.trainer!, "TRAINER"), course)).toBe(false);
  });

  it("isSessionStaff: course owner (creator, ADMIN) or session trainer; teachesSession: creator or trainer, never ADMIN by role", () => {
    const loaded = { course: row(), trainerIds: [u.trainer!] };
    const staff = Object.fromEntries(
      (
        [
          ["admin", "ADMIN"],
          ["creator", "CREATOR"],
          ["trainer", "TRAINER"],
          ["creator2", "CREATOR"],
          ["active", "LEARNER"],
        ] as [string, Role][]
      ).map(([who, role]) => [who, isSessionStaff(loaded, acmeCaller(who, role))]),
    );
    expect(staff).toEqual({ admin: true, creator: true, trainer: true, creator2: false, active: false });
    expect(isSessionStaff(loaded, anonymous())).toBe(false);
    expect([u.admin!, u.creator!, u.trainer!, u.active!].map((id) => teachesSession(loaded, id))).toEqual([false, true, true, false]);
  });
});

describe("callers and permissions", () => {
  it("caller.can follows auth/permissions.ts; a PublicCaller without a role can nothing", () => {
    expect(acmeCaller("admin", "ADMIN").can("attendance.override")).toBe(true);
    expect(acmeCaller("creator", "CREATOR").can("attendance.override")).toBe(false);
    expect(acmeCaller("active", "LEARNER").can("sessions.readTenant")).toBe(false);
    expect(acmeCaller("trainer", "TRAINER").can("sessions.readTenant")).toBe(true);
    expect(anonymous().can("courses.ownAll")).toBe(false);
    // issue #20 item 5: a FUNDER reads only its funder's perimeter, never the whole tenant's sessions
    expect(ROLES.filter((r) => !callerIn(acme, "x", r).can("sessions.readTenant"))).toEqual(["LEARNER", "FUNDER"]);
    expect(ROLES.filter((r) => callerIn(acme, "x", r).can("funders.perimeter"))).toEqual(["FUNDER"]);
  });

  it("TEACHING_ROLES are the roles holding courses.teach", () => {
    expect([...TEACHING_ROLES].sort()).toEqual([...rolesWith("courses.teach")].sort());
    expect([...TEACHING_ROLES].sort()).toEqual(["ADMIN", "CREATOR", "TRAINER"]);
  });
});

describe("the rules stay in one place", () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
    });
  const services = files(join(__dirname, "../../server/services"));

  it("no service compares the caller's role with a role name (they ask caller.can or who-may.ts)", () => {
    const offenders = services.filter((f) => /\b(caller|viewer)\.role\s*[!=]==|includes\((caller|viewer)\.role\)/.test(readFileSync(f, "utf8")));
    expect(offenders).toEqual([]);
  });

  it("the participant statuses are written only in who-may.ts", () => {
    const offenders = services.filter(
      (f) => !f.endsWith(join("platform", "who-may.ts")) && /PARTICIPANT_STATUSES|inArray\(enrollments\.status, \["ACTIVE", "COMPLETED"\]\)/.test(readFileSync(f, "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
