// Records, in package-lock.json, the platform-specific optional packages that the npm registry
// mirror of our build machines does not serve (macOS/Windows/other-arch binaries). Without
// their entries `npm ci` refuses the lock file as "out of sync". Each added entry is marked
// optional with its os/cpu, so npm skips it on every other platform and never downloads it.
// Run after `npm install` changes the lock: `node scripts/lock-complete.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const OS = ["darwin", "win32", "linux", "freebsd", "android", "openharmony", "sunos", "aix", "netbsd", "openbsd"];
const CPU = ["arm64", "x64", "ia32", "arm", "loong64", "ppc64", "riscv64", "s390x", "wasm32"];

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const packages = lock.packages;
let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
    const parentDir = path === "" ? "" : `${path}/`;
    const nested = `${parentDir}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    const parts = name.split("/").pop().split("-");
    const os = parts.find((p) => OS.includes(p));
    const cpu = parts.find((p) => CPU.includes(p)) ?? (parts.includes("arm") ? "arm" : undefined);
    if (!os || !cpu) continue;
    packages[hoisted] = { version: range.replace(/^[\^~]/, ""), cpu: [cpu], optional: true, os: [os] };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-complete: ${added} platform entries added`);
