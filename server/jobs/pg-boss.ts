import { createRequire } from "node:module";
import type PgBossType from "pg-boss";

/** pg-boss 10 is CommonJS; one import point for its class. */
const require = createRequire(import.meta.url);
export const PgBoss = require("pg-boss") as typeof PgBossType;
export type PgBoss = PgBossType;
