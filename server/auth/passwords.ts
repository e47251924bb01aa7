import argon2 from "argon2";
import { env } from "../env";

/** argon2id with the configured cost (env.ts: PASSWORD_HASH_*; 64 MiB, 3 iterations, 4 lanes by default). */
const hashOptions = () => {
  const e = env();
  return { type: argon2.argon2id, memoryCost: e.PASSWORD_HASH_MEMORY_KIB, timeCost: e.PASSWORD_HASH_ITERATIONS, parallelism: e.PASSWORD_HASH_PARALLELISM } as const;
};

export const hashPassword = (plain: string): Promise<string> => argon2.hash(plain, hashOptions());

export async function verifyPassword(hash: string | null | undefined, plain: string): Promise<boolean> {
  if (!hash) {
    // Same cost as a real check, so an unknown account is not told apart by timing.
    await argon2.hash(plain, hashOptions());
    return false;
  }
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}
