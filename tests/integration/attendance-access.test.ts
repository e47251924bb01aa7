import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { expectError } from "../helpers/rest";
import {
  autoBody,
  canvasFields,
  createSession,
  download,
  enrollmentIdOf,
  generateQr,
  liveSession,
  MINUTE,
  pinOf,
  plus,
  startWorld,
  type World,
} from "../helpers/attendance";

/**
 * Cross-tenant and role tests for every attendance operation (issue acceptance): globex's ADMIN
 * naming acme ids gets 404; acme's ADMIN naming the globex tenant gets 403 (not a member); the
 * roles the operation does not admit get 403; no token gets 401 (AUTO excepted: its HMAC is the
 * credential); OF mode off answers 403 on every one of them.
 */
// A shared machine can be slow: every request goes through the real handler and database.
vi.setConfig({ testTimeout: 120_000 });
let w: World;
type Who = "admin" | "creator" | "trainer" | "trainer2" | "learner" | "learner2" | "finance" | "funder";
type Op = {
  name: string;
  method: "GET" | "POST";
  path: () => string;
  body?: () => Record<string, unknown>;
  /** Roles (acme) refused with 403. */
  forbidden: Who[];
  /** Status for globex's ADMIN using acme ids in the globex tenant (404 unless the id hides in a token). */
  crossTenant?: number;
  binary?: boolean;
  public?: boolean;
};

const ids = {} as { session: string; canvasRecord: string; pinRecord: string; slot: string; enrollment: string; pin: string };
const UNUSED_QR = { token: "" };

beforeAll(async () => {
  w = await startWorld();
  const s = await liveSession(w);
  ids.session = s.id;
  ids.pin = await pinOf(w, s.id);
  const { png: _png, ...drawn } = canvasFields();
  const canvas = await w.call("POST", "/emargement/sign/canvas", w.tok.learner, { sessionId: s.id, ...drawn });
  expect(canvas.status, JSON.stringify(canvas.body)).toBe(201);
  ids.canvasRecord = canvas.body.data.id;
  const pin = await w.call("POST", "/emargement/sign/pin", w.tok.trainer, { sessionId: s.id, pin: ids.pin });
  expect(pin.status).toBe(201);
  ids.pinRecord = pin.body.data.id;
  const slots = await w.call("POST", "/qualiopi/emargement/slots/generate", w.tok.admin, { sessionId: s.id, frequency: "FULL_SESSION" });
  expect(slots.status).toBe(201);
  ids.slot = slots.body.data[0].id;
  ids.enrollment = await enrollmentIdOf(w, w.uid.learner2, w.sst.id);
  UNUSED_QR.token = (await generateQr(w, s.id)).qrToken;
}, 180_000);
afterAll(() => w?.close());

const drawn = () => (({ png: _png, ...rest }) => rest)(canvasFields());
const REASON = "Présence confirmée par la feuille papier";

const OPS: Op[] = [
  { name: "sign/qr", method: "POST", path: () => "/emargement/sign/qr", body: () => ({ qrToken: UNUSED_QR.token }), forbidden: ["finance", "funder", "trainer2", "admin"], crossTenant: 422 },
  { name: "sign/pin", method: "POST", path: () => "/emargement/sign/pin", body: () => ({ sessionId: ids.session, pin: ids.pin }), forbidden: ["finance", "funder", "trainer2", "admin"] },
  { name: "sign/canvas", method: "POST", path: () => "/emargement/sign/canvas", body: () => ({ sessionId: ids.session, ...drawn() }), forbidden: ["finance", "funder", "trainer2", "admin"] },
  {
    name: "auto",
    method: "POST",
    path: () => "/emargement/auto",
    body: () => autoBody({ sessionId: ids.session, userId: w.uid.learner2, joinedAt: w.now(), leftAt: plus(w.now(), 10 * MINUTE) }),
    forbidden: [],
    public: true,
  },
  {
    name: "override",
    method: "POST",
    path: () => "/emargement/override",
    body: () => ({ sessionId: ids.session, userId: w.uid.learner2, reason: REASON, attendanceMinutes: 30 }),
    forbidden: ["creator", "trainer", "trainer2", "learner", "learner2", "finance", "funder"],
  },
  { name: "session records", method: "GET", path: () => `/emargement/${ids.session}`, forbidden: [] },
  { name: "sign (by method)", method: "POST", path: () => `/emargement/${ids.session}/sign`, body: () => ({ method: "PIN", pin: ids.pin }), forbidden: ["finance", "funder", "trainer2", "admin"] },
  { name: "signature image", method: "GET", path: () => `/emargement/records/${ids.canvasRecord}/signature`, forbidden: ["learner2", "finance", "trainer2"], binary: true },
  // The FUNDER is not refused here: funder@ belongs to AKTO, which finances learner@ in SST, and this
  // AUTO session of SST expects learner@, so the sheet lies in the funder's perimeter (issue #20 item 5;
  // asserted below, with 404 for a session outside it).
  { name: "sheet pdf", method: "GET", path: () => `/emargement/${ids.session}/pdf`, forbidden: ["learner", "learner2", "finance", "trainer2"], binary: true },
  {
    name: "qualiopi record",
    method: "POST",
    path: () => "/qualiopi/emargement",
    body: () => ({ enrollmentId: ids.enrollment, sessionId: ids.session, method: "PIN" }),
    forbidden: ["learner2"],
  },
  { name: "qr-generate", method: "POST", path: () => `/qualiopi/emargement/qr-generate/${ids.session}`, forbidden: ["learner", "finance", "funder", "trainer2"] },
  {
    name: "qr-validate",
    method: "POST",
    path: () => "/qualiopi/emargement/qr-validate",
    body: () => ({ qrToken: UNUSED_QR.token }),
    forbidden: ["admin", "creator", "trainer", "finance", "funder"],
    crossTenant: 403,
  },
  { name: "enrollment history", method: "GET", path: () => `/qualiopi/emargement/enrollment/${ids.enrollment}`, forbidden: ["trainer", "finance", "funder"] },
  { name: "session attendance", method: "GET", path: () => `/qualiopi/emargement/${ids.session}`, forbidden: ["learner", "finance", "funder", "trainer2"] },
  { name: "sheet data", method: "GET", path: () => `/qualiopi/emargement/${ids.session}/sheet`, forbidden: ["learner", "finance", "funder", "trainer2"] },
  {
    name: "slots generate",
    method: "POST",
    path: () => "/qualiopi/emargement/slots/generate",
    body: () => ({ sessionId: ids.session, frequency: "HOURLY" }),
    forbidden: ["learner", "trainer", "finance", "funder"],
  },
  { name: "slots list", method: "GET", path: () => `/qualiopi/emargement/slots/${ids.session}`, forbidden: [] },
  { name: "slot sign", method: "POST", path: () => `/qualiopi/emargement/slots/${ids.slot}/sign`, body: drawn, forbidden: ["finance", "funder", "trainer2"] },
  { name: "seal certificate", method: "GET", path: () => `/qualiopi/emargement/${ids.canvasRecord}/seal-certificate`, forbidden: ["learner2", "finance", "trainer2"] },
  { name: "verify", method: "GET", path: () => `/qualiopi/emargement/${ids.session}/verify`, forbidden: ["learner", "finance", "funder", "trainer2"] },
];

async function run(op: Op, opts: { tenant?: string; token?: string } = {}) {
  const tenant = opts.tenant ?? "acme";
  if (op.binary && op.method === "GET") {
    const res = await download(w, op.path(), opts.token, tenant);
    return { status: res.status, body: res.body, headers: res.headers };
  }
  return w.api.call(op.method, op.path(), { tenant, token: opts.token, body: op.body?.() });
}

function expectStatus(res: { status: number; body: any; headers: Headers }, status: number, label: string) {
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(status);
  expect(res.body?.statusCode, label).toBe(status);
  // never another tenant's data in an error
  expect(JSON.stringify(res.body)).not.toMatch(/acme\.test|Petit|Moreau/);
}

describe.each(OPS)("$method $name", (op) => {
  it("another tenant: globex's ADMIN naming acme ids -> 404; acme's ADMIN naming globex -> 403", async () => {
    expectStatus(await run(op, { tenant: "globex", token: op.public ? undefined : w.tok.globexAdmin }), op.public ? 404 : (op.crossTenant ?? 404), "globex admin");
    if (op.name === "qr-validate") {
      // a LEARNER of globex with acme's token: an invalid token in the QR flow
      expectStatus(await run(op, { tenant: "globex", token: w.tok.globexLearner }), 400, "globex learner");
    }
    if (op.name === "sign/qr") expectError(await run(op, { tenant: "globex", token: w.tok.globexLearner }), 422, "Invalid QR token");
    if (!op.public) expectStatus(await run(op, { tenant: "globex", token: w.tok.admin }), 403, "acme admin in globex");
  });

  it.runIf(op.forbidden.length > 0)("403 for the roles it does not admit", async () => {
    for (const who of op.forbidden) expectStatus(await run(op, { token: w.tok[who] }), 403, who);
  });

  it.runIf(!op.public)("401 without a token, and with a forged one", async () => {
    expectError(await w.api.call(op.method, op.path(), { tenant: "acme", body: op.body?.() }), 401);
    expectError(await w.api.call(op.method, op.path(), { tenant: "acme", token: `${w.tok.admin.slice(0, -4)}AAAA`, body: op.body?.() }), 401);
  });
});

describe("FUNDER and the sheet PDF (the funder's perimeter)", () => {
  it("200 for a session expecting an enrollment the funder finances; 404 for a session expecting none of them", async () => {
    const res = await download(w, `/emargement/${ids.session}/pdf`, w.tok.funder, "acme");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/pdf/);
    // a LIST session of the same course expecting only learner2@ (financed by OPCO EP, not AKTO)
    const outside = await createSession(w, { registration: "LIST", participantUserIds: [w.uid.learner2] });
    expectStatus(await download(w, `/emargement/${outside.id}/pdf`, w.tok.funder, "acme"), 404, "funder outside the perimeter");
    expect((await download(w, `/emargement/${outside.id}/pdf`, w.tok.admin, "acme")).status).toBe(200);
  });
});

describe("nothing leaked or written by the refused calls", () => {
  it("the session still holds only the set-up records and verifies", async () => {
    const list = await w.call("GET", `/emargement/${ids.session}`, w.tok.admin);
    const mine = list.body.data.map((r: { id: string }) => r.id);
    expect(mine).toContain(ids.canvasRecord);
    expect(mine).toContain(ids.pinRecord);
    // AUTO is the only operation above that may succeed in acme (its HMAC is valid); nothing else wrote
    expect(list.body.data.filter((r: { method: string }) => r.method !== "AUTO")).toHaveLength(2);
    expect((await w.call("GET", `/qualiopi/emargement/${ids.session}/verify`, w.tok.admin)).body.data.valid).toBe(true);
  });
});

describe("OF mode off", () => {
  it("every attendance operation answers 403 naming the feature; back on, they work again", async () => {
    const off = await w.call("PATCH", "/tenants/me/of-mode", w.tok.admin, { enabled: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    try {
      for (const op of OPS) {
        const token = op.public ? undefined : op.name === "qr-validate" || op.name.startsWith("sign") || op.name === "slot sign" ? w.tok.learner2 : w.tok.admin;
        const res = await run(op, { token });
        expect(res.status, `${op.name}: ${JSON.stringify(res.body)}`).toBe(403);
        expect(res.body.message, op.name).toMatch(/OF mode/);
      }
    } finally {
      const on = await w.call("PATCH", "/tenants/me/of-mode", w.tok.admin, { enabled: true });
      expect(on.status).toBe(200);
    }
    expect((await w.call("GET", `/qualiopi/emargement/${ids.session}/verify`, w.tok.admin)).status).toBe(200);
  });
});
