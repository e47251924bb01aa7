import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { resetEnvCache } from "../../server/env";
import { startApi, type TestApi } from "../helpers/api";
import { login, tokenFor } from "../factories";

/** The binary media route runs the same tenant chain: a suspended tenant's files answer 403 there too. */
const mediaDir = mkdtempSync(path.join(os.tmpdir(), "media-suspended-"));
process.env.MEDIA_DIR = mediaDir;
resetEnvCache();

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
let api: TestApi;

beforeAll(async () => {
  api = await startApi({ demo: true });
});
afterAll(async () => {
  await api.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

it("answers 403 for a suspended tenant's media and serves it again after reactivation", async () => {
  const creator = await tokenFor(api, "globex", "creator");
  const platform = (await login(api, "", "platform@admin.test")).accessToken;
  const uploaded = await api.call("POST", "/media", { tenant: "globex", token: creator, body: { fileName: "logo.png", mimeType: "image/png", dataBase64: PNG.toString("base64") } });
  expect(uploaded.status).toBe(201);
  const get = () => fetch(`${api.url}/api/v1/media/${uploaded.body.data.id}/file`, { headers: { Authorization: `Bearer ${creator}`, "X-Tenant-ID": "globex" } });
  expect((await get()).status).toBe(200);

  expect((await api.call("POST", "/platform/tenants/globex/suspend", { token: platform, body: {} })).status).toBe(200);
  const refused = await get();
  expect(refused.status).toBe(403);
  expect(await refused.json()).toMatchObject({ statusCode: 403, message: "This organisation is suspended" });

  expect((await api.call("POST", "/platform/tenants/globex/reactivate", { token: platform })).status).toBe(200);
  expect((await get()).status).toBe(200);
});
