import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "../../server/db";
import { rawRows } from "../../server/db/raw-rows";
import { freshDatabase } from "../helpers/db";

/**
 * Issue #8 item 7: the database itself refuses a row of one tenant that points at another
 * tenant's row. Every foreign key from a tenant-owned table to a tenant-owned table is composite,
 * (tenant_id, parent_id) -> parent (tenant_id, id); references to global tables (users, tenants)
 * stay single-column. The catalogue check covers every relation, present and future; the
 * cross-tenant UPDATE runs on every relation that has rows; the INSERTs show the plain case.
 */
vi.setConfig({ testTimeout: 120_000 });

let handle: DbHandle;
let acme: string;
let globex: string;

type Fk = { name: string; child: string; parent: string; childCols: string[]; parentCols: string[]; onDelete: string; setCols: string[] | null };

/** Rows of a raw statement on both drivers (PGlite answers {rows}, postgres-js an array). */
function rows<T>(query: SQL): Promise<T[]> {
  return rawRows<T>(handle.db, query);
}

class Rollback extends Error {}

/** Runs the statements in a transaction that is always rolled back; returns the database's refusal, if any. */
async function attempt(...statements: SQL[]): Promise<{ code: string | undefined; message: string } | null> {
  try {
    await handle.db.transaction(async (tx) => {
      for (const s of statements) await tx.execute(s);
      throw new Rollback();
    });
  } catch (error) {
    if (error instanceof Rollback) return null;
    let code: string | undefined;
    const messages: string[] = [];
    for (let e = error as { message?: string; code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
      messages.push(String(e.message));
      if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) code ??= e.code;
    }
    return { code, message: messages.join(" | ") };
  }
  return null;
}

async function expectFkViolation(constraint: string, ...statements: SQL[]) {
  const refusal = await attempt(...statements);
  expect(refusal, `${constraint}: the statement must be refused`).not.toBeNull();
  expect(refusal!.code, refusal!.message).toBe("23503");
  expect(refusal!.message).toContain(`"${constraint}"`);
}

async function expectAccepted(...statements: SQL[]) {
  expect(await attempt(...statements)).toBeNull();
}

async function foreignKeys(): Promise<Fk[]> {
  const list = await rows<{ name: string; child: string; parent: string; child_cols: string; parent_cols: string; on_delete: string; set_cols: string | null }>(sql`
    select c.conname as name, cl.relname as child, pl.relname as parent,
      (select string_agg(a.attname, ',' order by k.i) from unnest(c.conkey) with ordinality as k(n, i)
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n) as child_cols,
      (select string_agg(a.attname, ',' order by k.i) from unnest(c.confkey) with ordinality as k(n, i)
         join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n) as parent_cols,
      c.confdeltype::text as on_delete,
      (select string_agg(a.attname, ',' order by k.i) from unnest(c.confdelsetcols) with ordinality as k(n, i)
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n) as set_cols
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_class pl on pl.oid = c.confrelid
    join pg_namespace ns on ns.oid = cl.relnamespace
    where c.contype = 'f' and ns.nspname = 'public'
    order by c.conname`);
  return list.map((r) => ({
    name: r.name,
    child: r.child,
    parent: r.parent,
    childCols: r.child_cols.split(","),
    parentCols: r.parent_cols.split(","),
    onDelete: r.on_delete,
    setCols: r.set_cols ? r.set_cols.split(",") : null,
  }));
}

async function tenantTables(): Promise<Set<string>> {
  const list = await rows<{ table_name: string }>(
    sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'tenant_id'`,
  );
  return new Set(list.map((r) => r.table_name));
}

/** Foreign keys from a tenant-owned table to a tenant-owned table. */
async function tenantRelations(): Promise<Fk[]> {
  const owned = await tenantTables();
  return (await foreignKeys()).filter((fk) => owned.has(fk.child) && owned.has(fk.parent));
}

/** The relations this item made composite (issue #8 item 7); later ones are covered by the catalogue check. */
const KNOWN = [
  "attendance_slots_session_fk",
  "course_trainers_course_fk",
  "courses_banner_media_fk",
  "courses_featured_media_fk",
  "emargements_enrollment_fk",
  "emargements_session_fk",
  "emargements_slot_fk",
  "enrollments_course_fk",
  "lesson_progress_enrollment_fk",
  "lesson_progress_lesson_fk",
  "lessons_course_fk",
  "lessons_media_fk",
  "lessons_module_fk",
  "lessons_questionnaire_fk",
  "live_sessions_course_fk",
  "modules_course_fk",
  "payments_course_fk",
  "pin_attempts_session_fk",
  "qr_tokens_session_fk",
  "questionnaires_course_fk",
  "questions_questionnaire_fk",
  "quiz_attempts_enrollment_fk",
  "quiz_attempts_lesson_fk",
  "quiz_attempts_questionnaire_fk",
  "session_recordings_session_fk",
  "session_trainers_session_fk",
];

const one = async (query: SQL): Promise<string> => {
  const [row] = await rows<{ id: string }>(query);
  if (!row) throw new Error(`fixture: no row for ${JSON.stringify(query)}`);
  return row.id;
};

/** Rows the demo seed does not make (media, recordings, PIN attempts, QR tokens, payments), so every relation has a child row. */
async function addMissingRows(tenantId: string, tag: string) {
  const courseId = await one(sql`select id from courses where tenant_id = ${tenantId} order by id limit 1`);
  const sessionId = await one(sql`select id from live_sessions where tenant_id = ${tenantId} order by id limit 1`);
  const userId = await one(sql`select user_id as id from memberships where tenant_id = ${tenantId} order by user_id limit 1`);
  const mediaId = `med_fk${tag}`;
  await handle.db.execute(sql`insert into media (id, tenant_id, kind, file_name, mime_type, size_bytes, storage_key)
    values (${mediaId}, ${tenantId}, 'IMAGE', 'banner.png', 'image/png', 10, ${`fk/${tag}`})`);
  await handle.db.execute(sql`update courses set banner_media_id = ${mediaId}, featured_media_id = ${mediaId} where id = ${courseId}`);
  await handle.db.execute(sql`update lessons set media_id = ${mediaId} where id = (select id from lessons where tenant_id = ${tenantId} order by id limit 1)`);
  await handle.db.execute(sql`insert into session_recordings (id, tenant_id, session_id, url) values (${`rec_fk${tag}`}, ${tenantId}, ${sessionId}, 'https://example.test/r')`);
  await handle.db.execute(sql`insert into pin_attempts (tenant_id, session_id, user_id, window_started_at) values (${tenantId}, ${sessionId}, ${userId}, now())`);
  await handle.db.execute(sql`insert into qr_tokens (jti, tenant_id, session_id, expires_at) values (${`jti_fk${tag}`}, ${tenantId}, ${sessionId}, now())`);
  await handle.db.execute(sql`insert into payments (id, tenant_id, course_id, user_id, amount, gateway) values (${`pay_fk${tag}`}, ${tenantId}, ${courseId}, ${userId}, 100, 'FREE')`);
}

beforeAll(async () => {
  handle = await freshDatabase({ demo: true });
  acme = await one(sql`select id from tenants where slug = 'acme'`);
  globex = await one(sql`select id from tenants where slug = 'globex'`);
  await addMissingRows(acme, "a");
  await addMissingRows(globex, "g");
}, 180_000);
afterAll(() => handle?.close());

describe("every tenant-owned relation is a composite foreign key (catalogue)", () => {
  it("each foreign key between two tenant-owned tables pairs tenant_id with tenant_id", async () => {
    const relations = await tenantRelations();
    expect(relations.map((r) => r.name)).toEqual(expect.arrayContaining(KNOWN));
    const offenders = relations
      .filter((fk) => {
        const i = fk.childCols.indexOf("tenant_id");
        return fk.childCols.length < 2 || i < 0 || fk.parentCols[i] !== "tenant_id";
      })
      .map((fk) => `${fk.name}: ${fk.child}(${fk.childCols.join(", ")}) -> ${fk.parent}(${fk.parentCols.join(", ")})`);
    expect(offenders, "single-column or tenant-less foreign keys between tenant-owned tables").toEqual([]);
  });

  it("no ON DELETE SET NULL / SET DEFAULT ever touches tenant_id (a column list names the referencing column only)", async () => {
    const relations = await tenantRelations();
    const setNull = relations.filter((fk) => fk.onDelete === "n" || fk.onDelete === "d");
    expect(setNull.map((fk) => fk.name)).toContain("lessons_questionnaire_fk");
    for (const fk of setNull) {
      expect(fk.setCols, `${fk.name} must list the columns it sets`).not.toBeNull();
      expect(fk.setCols, fk.name).not.toContain("tenant_id");
    }
  });

  it("references to global tables (users, tenants) stay single-column", async () => {
    const global = (await foreignKeys()).filter((fk) => fk.parent === "users" || fk.parent === "tenants");
    expect(global.length).toBeGreaterThan(20);
    expect(global.filter((fk) => fk.childCols.length !== 1).map((fk) => fk.name)).toEqual([]);
  });
});

describe("the database refuses cross-tenant references", () => {
  it("UPDATE: on every tenant-owned relation, pointing an acme row at a globex parent is refused", async () => {
    const covered: string[] = [];
    for (const fk of await tenantRelations()) {
      const i = fk.childCols.indexOf("tenant_id");
      const column = fk.childCols.find((_, j) => j !== i)!;
      const parentColumn = fk.parentCols.find((_, j) => j !== i)!;
      const [child] = await rows<{ ref: string }>(
        sql`select ctid::text as ref from ${sql.identifier(fk.child)} where tenant_id = ${acme} and ${sql.identifier(column)} is not null limit 1`,
      );
      const [parent] = await rows<{ id: string }>(
        sql`select ${sql.identifier(parentColumn)} as id from ${sql.identifier(fk.parent)} where tenant_id = ${globex} limit 1`,
      );
      if (!child || !parent) continue;
      const statements = [sql`update ${sql.identifier(fk.child)} set ${sql.identifier(column)} = ${parent.id} where ctid = ${child.ref}::tid`];
      // Attendance records are append-only: the trigger would refuse the UPDATE before the key is checked.
      if (fk.child === "emargements") statements.unshift(sql`alter table emargements disable trigger user`);
      await expectFkViolation(fk.name, ...statements);
      covered.push(fk.name);
    }
    expect(covered).toEqual(expect.arrayContaining(KNOWN));
  });

  it("INSERT lesson -> module of another tenant is refused; the same row with its own module is accepted", async () => {
    const course = await one(sql`select id from courses where tenant_id = ${acme} order by id limit 1`);
    const ownModule = await one(sql`select id from modules where tenant_id = ${acme} and course_id = ${course} limit 1`);
    const otherModule = await one(sql`select id from modules where tenant_id = ${globex} limit 1`);
    const insert = (moduleId: string) =>
      sql`insert into lessons (id, tenant_id, course_id, module_id, title, position) values ('les_fkcross', ${acme}, ${course}, ${moduleId}, 'Intrus', 99)`;
    await expectFkViolation("lessons_module_fk", insert(otherModule));
    await expectAccepted(insert(ownModule));
  });

  it("INSERT enrollment -> course of another tenant is refused; its own course is accepted", async () => {
    const learner = await one(sql`select u.id from users u join memberships m on m.user_id = u.id where u.email = 'learner@acme.test' and m.tenant_id = ${acme}`);
    const otherCourse = await one(sql`select id from courses where tenant_id = ${globex} order by id limit 1`);
    // a course of acme the learner is not enrolled in yet
    const ownCourse = await one(
      sql`select id from courses c where tenant_id = ${acme} and not exists (select 1 from enrollments e where e.tenant_id = ${acme} and e.course_id = c.id and e.user_id = ${learner}) limit 1`,
    );
    const insert = (courseId: string) => sql`insert into enrollments (id, tenant_id, course_id, user_id) values ('enr_fkcross', ${acme}, ${courseId}, ${learner})`;
    await expectFkViolation("enrollments_course_fk", insert(otherCourse));
    await expectAccepted(insert(ownCourse));
  });

  it("INSERT attendance record -> session (and slot) of another tenant is refused; its own session is accepted", async () => {
    const mine = (await rows<Record<string, unknown>>(sql`select * from emargements where tenant_id = ${acme} and slot_id is not null order by chain_position limit 1`))[0]!;
    const otherSession = await one(sql`select id from live_sessions where tenant_id = ${globex} order by id limit 1`);
    const otherSlot = await one(sql`select id from attendance_slots where tenant_id = ${globex} order by id limit 1`);
    const insert = (sessionId: unknown, slotId: unknown) =>
      sql`insert into emargements (id, tenant_id, session_id, user_id, slot_id, method, signed_at, sealed_hash, chain_position)
          values ('emg_fkcross', ${acme}, ${sessionId}, ${mine.user_id}, ${slotId}, 'OVERRIDE', now(), 'sha256:x', 999999)`;
    await expectFkViolation("emargements_session_fk", insert(otherSession, null));
    await expectFkViolation("emargements_slot_fk", insert(mine.session_id, otherSlot));
    await expectAccepted(insert(mine.session_id, mine.slot_id));
  });

  it("INSERT progress -> enrollment of another tenant, slot -> session of another tenant: refused", async () => {
    const lesson = await one(sql`select id from lessons where tenant_id = ${acme} order by id limit 1`);
    const otherEnrollment = await one(sql`select id from enrollments where tenant_id = ${globex} order by id limit 1`);
    await expectFkViolation(
      "lesson_progress_enrollment_fk",
      sql`insert into lesson_progress (id, tenant_id, enrollment_id, lesson_id, status) values ('prg_fkcross', ${acme}, ${otherEnrollment}, ${lesson}, 'IN_PROGRESS')`,
    );
    const otherSession = await one(sql`select id from live_sessions where tenant_id = ${globex} order by id limit 1`);
    await expectFkViolation(
      "attendance_slots_session_fk",
      sql`insert into attendance_slots (id, tenant_id, session_id, starts_at, ends_at, label, position) values ('slt_fkcross', ${acme}, ${otherSession}, now(), now(), 'x', 99)`,
    );
  });

  it("moving a child to another tenant while its parents stay is refused too", async () => {
    // a lesson without progress or attempts, so the refusal is the lesson's own key (not its children's)
    const lesson = await one(sql`select id from lessons l where tenant_id = ${acme}
      and not exists (select 1 from lesson_progress p where p.lesson_id = l.id)
      and not exists (select 1 from quiz_attempts q where q.lesson_id = l.id) order by id limit 1`);
    const refusal = await attempt(sql`update lessons set tenant_id = ${globex} where id = ${lesson}`);
    expect(refusal?.code, refusal?.message).toBe("23503");
    // whichever of the lesson's composite keys PostgreSQL checks first names the refusal
    expect(refusal?.message).toMatch(/"lessons_(course|module|media|questionnaire)_fk"/);
  });
});

describe("ON DELETE behaviour is unchanged", () => {
  it("deleting a questionnaire nulls only the lesson's questionnaire_id (tenant_id stays)", async () => {
    const lesson = (await rows<{ id: string; questionnaire_id: string }>(
      sql`select id, questionnaire_id from lessons where tenant_id = ${acme} and questionnaire_id is not null limit 1`,
    ))[0]!;
    const probe = await attempt(
      sql`delete from questionnaires where tenant_id = ${acme} and id = ${lesson.questionnaire_id}`,
      sql`do $$ begin
            if (select questionnaire_id is not null or tenant_id is null from lessons where id = ${sql.raw(`'${lesson.id}'`)}) then
              raise exception 'lesson not set null as expected';
            end if;
          end $$`,
    );
    expect(probe).toBeNull();
  });

  it("deleting a course cascades to its modules, questionnaires and lessons (a quiz lesson included)", async () => {
    const creator = await one(sql`select creator_id as id from courses where tenant_id = ${acme} limit 1`);
    const probe = await attempt(
      sql`insert into courses (id, tenant_id, creator_id, title, slug) values ('crs_fkdel', ${acme}, ${creator}, 'Cascade', 'cascade-fk')`,
      sql`insert into modules (id, tenant_id, course_id, title, position) values ('mod_fkdel', ${acme}, 'crs_fkdel', 'M', 1)`,
      sql`insert into questionnaires (id, tenant_id, course_id, title) values ('qnr_fkdel', ${acme}, 'crs_fkdel', 'Q')`,
      sql`insert into questions (id, tenant_id, questionnaire_id, kind, prompt, position) values ('qst_fkdel', ${acme}, 'qnr_fkdel', 'TRUE_FALSE', '?', 1)`,
      sql`insert into lessons (id, tenant_id, course_id, module_id, questionnaire_id, kind, title, position)
          values ('les_fkdel', ${acme}, 'crs_fkdel', 'mod_fkdel', 'qnr_fkdel', 'QUIZ', 'Quiz', 1)`,
      sql`delete from courses where id = 'crs_fkdel'`,
      sql`do $$ begin
            if exists (select 1 from modules where id = 'mod_fkdel') or exists (select 1 from lessons where id = 'les_fkdel')
               or exists (select 1 from questionnaires where id = 'qnr_fkdel') or exists (select 1 from questions where id = 'qst_fkdel') then
              raise exception 'cascade incomplete';
            end if;
          end $$`,
    );
    expect(probe).toBeNull();
  });
});
