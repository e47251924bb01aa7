import http from "node:http";
import { networkInterfaces } from "node:os";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContext, type RequestInfo } from "../../server/api/context";
import { createCaller } from "../../server/api/root";
import { createApiHandler } from "../../server/http/api-handler";
import { isLoopbackAddress } from "../../server/lib/loopback";
import { startApi, type TestApi } from "../helpers/api";
import { expectError } from "../helpers/rest";

/**
 * The development outbox holds every tenant's e-mails, reset links included: it answers only a
 * client on the server's loopback interface (the request's client address), 404 to anyone else.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startApi({ demo: true });
  expect((await api.call("POST", "/auth/forgot-password", { tenant: "acme", body: { email: "learner@acme.test" } })).status).toBe(200);
});
afterAll(() => api.close());

function infoFrom(ip: string | null): RequestInfo {
  return {
    requestId: "req-dev-outbox-test",
    ip,
    userAgent: null,
    host: "localhost:3000",
    headers: {},
    identity: async () => ({ identity: null, presented: false }),
    response: { headers: {} },
  };
}

/** The first IPv4 address of this machine that is not loopback, if it has one. */
const external = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === "IPv4" && !a.internal)?.address;

describe("GET /dev/outbox", () => {
  it("answers a loopback client (127.0.0.1) with the mails", async () => {
    const res = await api.call("GET", "/dev/outbox?to=learner@acme.test");
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ to: "learner@acme.test", template: "password-reset" });
  });

  it("refuses any other client address with 404, through the procedure itself", async () => {
    for (const ip of ["192.0.2.10", "10.0.0.5", "::ffff:192.168.1.4", "2001:db8::1", null]) {
      await expect(createCaller(createContext(api.db, infoFrom(ip))).dev.outbox({ to: "learner@acme.test", limit: 20 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    const ok = await createCaller(createContext(api.db, infoFrom("::ffff:127.0.0.1"))).dev.outbox({ to: "learner@acme.test", limit: 20 });
    expect(ok.data.length).toBeGreaterThan(0);
  });

  it.runIf(external)("refuses a request that reaches the server through a non-loopback interface (404)", async () => {
    const handler = createApiHandler(api.db);
    const server = http.createServer((req, res) => void handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const res = await fetch(`http://${external}:${port}/api/v1/dev/outbox?to=learner@acme.test`);
      const body = await res.json();
      expectError({ status: res.status, body, headers: res.headers }, 404, "Not found");
      const local = await fetch(`http://127.0.0.1:${port}/api/v1/dev/outbox?to=learner@acme.test`);
      expect(local.status).toBe(200);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("isLoopbackAddress", () => {
  it("knows the loopback forms and nothing else", () => {
    for (const ip of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1", "0:0:0:0:0:0:0:1"]) expect(isLoopbackAddress(ip), ip).toBe(true);
    for (const ip of ["192.0.2.2", "10.0.0.1", "::ffff:10.0.0.1", "fe80::1", "128.0.0.1", "", null, undefined, "localhost"]) expect(isLoopbackAddress(ip), String(ip)).toBe(false);
  });
});
