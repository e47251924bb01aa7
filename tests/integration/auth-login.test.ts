import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../helpers/api";
import { PASSWORD } from "../factories";

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ demo: true });
});
afterAll(() => api.close());

describe("POST /auth/login", () => {
  it("returns tokens with the spec's envelope and the request id in meta", async () => {
    const res = await api.call("POST", "/auth/login", { tenant: "acme", body: { email: "admin@acme.test", password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 3600 });
    expect(res.body.meta.requestId).toBe(res.headers.get("x-request-id"));
    expect(new Date(res.body.meta.timestamp).toString()).not.toBe("Invalid Date");
  });

  it("answers the same 401 for a wrong password and an unknown e-mail", async () => {
    const wrong = await api.call("POST", "/auth/login", { tenant: "acme", body: { email: "admin@acme.test", password: "nope-nope-nope" } });
    const unknown = await api.call("POST", "/auth/login", { tenant: "acme", body: { email: "ghost@acme.test", password: "nope-nope-nope" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ statusCode: 401, code: "INVALID_CREDENTIALS", message: "Invalid credentials" });
    expect(unknown.body).toEqual(wrong.body);
  });
});
