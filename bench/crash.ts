import { runCrashHarness } from "./worker-crash";

/** `npm run bench:crash -- [rounds]` (DATABASE_URL: a PostgreSQL server; a database is created and dropped). */
const rounds = Number(process.argv[2] ?? 200);
const databaseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const report = await runCrashHarness({ databaseUrl, rounds, maxDelayMs: Number(process.env.CRASH_MAX_DELAY_MS ?? 3000), log: (l) => process.stdout.write(`${l}\n`) });
process.stdout.write(`\nworker killed with SIGKILL ${report.rounds} times (${report.seconds} s)\n`);
process.stdout.write(`where each kill landed: ${JSON.stringify(report.phases)}\n`);
process.stdout.write(`events committed: ${report.committed}\nevents received:  ${report.received}\nlost:             ${report.lost}\n`);
process.stdout.write(`duplicate deliveries: ${report.duplicates} (same event id; events whose copies differ in bytes: ${report.differingBytes})\nbad signatures: ${report.badSignatures}\n`);
process.exit(report.lost === 0 && report.badSignatures === 0 && report.differingBytes === 0 ? 0 : 1);
