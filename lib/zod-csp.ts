import { z } from "zod";

/**
 * Browser side: zod 4 probes `Function("")` to compile fast parsers, which the page CSP
 * (no 'unsafe-eval', server/lib/page-security.ts) reports as a violation. Jitless parsing needs no eval.
 * Imported first by components/providers.tsx, before any schema is used.
 */
z.config({ jitless: true });
