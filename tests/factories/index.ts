import type { Db } from "../../server/db";
import type { Role } from "../../server/auth/permissions";
import { seedDemo } from "../../server/seed/demo";
import { ensureMembership, ensureTenant, ensureUser } from "../../server/seed/factories";
import type { TestApi } from "../helpers/api";
import { userIdOf } from "../helpers/rest";

export { ensureCourse, ensureMembership, ensureTenant, ensureUser } from "../../server/seed/factories";

export const PASSWORD = "demo-Passw0rd!";

/** The demo data of conventions §11 (acme, globex, one account per role). */
/** The demo data; `documents: true` also renders the seeded certificates (PDFs through the render pool: slower, so off by default). */
export async function seedDemoData(db: Db, opts: { documents?: boolean } = {}): Promise<void> {
  await seedDemo(db, PASSWORD, { documents: opts.documents ?? false });
}

export async function createMember(db: Db, tenantId: string, role: Role, email: string, status: "ACTIVE" | "INVITED" | "SUSPENDED" = "ACTIVE") {
  const user = await ensureUser(db, { email, firstName: "Test", lastName: role.toLowerCase(), password: PASSWORD });
  await ensureMembership(db, tenantId, user.id, role, status);
  return user;
}

/** Log in through the REST surface and return the tokens. */
export async function login(api: TestApi, tenant: string, email: string, password = PASSWORD) {
  const res = await api.call("POST", "/auth/login", { tenant, body: { email, password } });
  if (res.status !== 200) throw new Error(`login ${email}@${tenant} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { accessToken: string; refreshToken: string; expiresIn: number };
}

export async function tokenFor(api: TestApi, tenant: string, local: string): Promise<string> {
  return (await login(api, tenant, `${local}@${tenant}.test`)).accessToken;
}

/** Tokens and user ids of the demo users `{local}@{tenant}.test` (admin, creator, learner…), signed in one after another. */
export async function demoUsers<W extends string>(api: TestApi, tenant: string, who: readonly W[]): Promise<{ tok: Record<W, string>; uid: Record<W, string> }> {
  const tok = {} as Record<W, string>;
  const uid = {} as Record<W, string>;
  for (const w of who) {
    tok[w] = await tokenFor(api, tenant, w);
    uid[w] = await userIdOf(api, `${w}@${tenant}.test`);
  }
  return { tok, uid };
}

export { ensureTenant as createTenant };
