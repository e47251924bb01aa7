// scratch: quick me/list bench against the built app (not committed)
import autocannon from "autocannon";
import { login } from "./bench/api";
import { startApp } from "./bench/app";
import { killAllSync, stop, type Child } from "./bench/processes";
const children: Child[] = [];
const track = (c: Child) => (children.push(c), c);
const db = { DATABASE_URL: process.env.QB_DB! };
const secrets = { JWT_SECRET: "a".repeat(64), NEXTAUTH_SECRET: "b".repeat(64), ENCRYPTION_KEY: "c".repeat(64), MEDIA_HMAC_SECRET: "d".repeat(64), LIVEKIT_API_KEY: "APIxxxx", LIVEKIT_API_SECRET: "e".repeat(64) };
const url = await startApp(db, 3199, "/tmp/qb/app.log", track, secrets);
const t = await login(url, { tenant: "acme", email: "admin@acme.test", password: "demo-Passw0rd!" });
const h = { Authorization: `Bearer ${t.accessToken}`, "X-Tenant-ID": "acme" };
const paths = (process.env.QB_PATHS ?? "/api/v1/users/me,/api/v1/users?limit=20").split(",");
const dur = Number(process.env.QB_DUR ?? 8);
for (const p of paths) {
  await autocannon({ url: url + p, connections: 50, duration: 2, headers: h });
  const r = await autocannon({ url: url + p, connections: 50, duration: dur, headers: h });
  console.log(`${p}: ${Math.round(r.requests.average)} req/s p50 ${r.latency.p50} p99 ${r.latency.p99} non2xx ${r.non2xx}`);
}
for (const c of children) await stop(c);
await new Promise((r) => setTimeout(r, 1500));
killAllSync();
process.exit(0);
