// scratch: app vs bare, alternating (not committed)
import autocannon from "autocannon";
import { login } from "./bench/api";
import { startApp } from "./bench/app";
import { killAllSync, startTsx, stop, waitForHttp, type Child } from "./bench/processes";
const children: Child[] = [];
const track = (c: Child) => (children.push(c), c);
const db = { DATABASE_URL: process.env.QB_DB! };
const secrets = { JWT_SECRET: "a".repeat(64), NEXTAUTH_SECRET: "b".repeat(64), ENCRYPTION_KEY: "c".repeat(64), MEDIA_HMAC_SECRET: "d".repeat(64), LIVEKIT_API_KEY: "APIxxxx", LIVEKIT_API_SECRET: "e".repeat(64) };
const dur = Number(process.env.QB_DUR ?? 8);
async function run(url: string, p: string, h: Record<string, string>) {
  await autocannon({ url: url + p, connections: 50, duration: 2, headers: h });
  const r = await autocannon({ url: url + p, connections: 50, duration: dur, headers: h });
  return `${Math.round(r.requests.average)} req/s p50 ${r.latency.p50} p99 ${r.latency.p99} non2xx ${r.non2xx}`;
}
const out: string[] = [];
for (let round = 0; round < Number(process.env.QB_ROUNDS ?? 1); round++) {
  const bare = track(startTsx("bare", "bench/bare-server.ts", { ...db, JWT_SECRET: secrets.JWT_SECRET, PORT: "3198" }));
  await waitForHttp("http://127.0.0.1:3198/health", bare);
  const bt = await login("http://127.0.0.1:3198", { tenant: "acme", email: "admin@acme.test", password: "demo-Passw0rd!" });
  const bh = { Authorization: `Bearer ${bt.accessToken}`, "X-Tenant-ID": "acme" };
  out.push(`bare me   ${await run("http://127.0.0.1:3198", "/users/me", bh)}`);
  out.push(`bare list ${await run("http://127.0.0.1:3198", "/users?limit=20", bh)}`);
  out.push(`bare crs  ${await run("http://127.0.0.1:3198", "/courses?limit=20", bh)}`);
  await stop(bare);
  const url = await startApp(db, 3199, "/tmp/qb/app.log", track, secrets);
  const t = await login(url, { tenant: "acme", email: "admin@acme.test", password: "demo-Passw0rd!" });
  const h = { Authorization: `Bearer ${t.accessToken}`, "X-Tenant-ID": "acme" };
  out.push(`app  me   ${await run(url, "/api/v1/users/me", h)}`);
  out.push(`app  list ${await run(url, "/api/v1/users?limit=20", h)}`);
  out.push(`app  crs  ${await run(url, "/api/v1/courses?limit=20", { "X-Tenant-ID": "acme" })}`);
  for (const c of children.splice(0)) await stop(c);
}
console.log(out.join("\n"));
killAllSync();
process.exit(0);
