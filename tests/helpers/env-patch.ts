import { resetEnvCache } from "../../server/env";

/**
 * Environment variables changed for a test file: `set` changes (undefined removes) and re-reads
 * env(); `restore` puts back every variable as it was before the first change; `saved` is that.
 */
export function envPatch() {
  const saved: Record<string, string | undefined> = {};
  const apply = (vars: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(vars)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
  };
  return {
    saved,
    set(vars: Record<string, string | undefined>) {
      for (const k of Object.keys(vars)) if (!(k in saved)) saved[k] = process.env[k];
      apply(vars);
    },
    restore() {
      apply(saved);
    },
  };
}

/** Runs `fn` with environment variables changed (env() re-read), then restores them. */
export async function withEnv<T>(vars: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const patch = envPatch();
  patch.set(vars);
  try {
    return await fn();
  } finally {
    patch.restore();
  }
}
