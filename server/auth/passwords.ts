import argon2 from "argon2";

export const PASSWORD_MIN_LENGTH = 10;

export const hashPassword = (plain: string): Promise<string> => argon2.hash(plain, { type: argon2.argon2id });

export async function verifyPassword(hash: string | null | undefined, plain: string): Promise<boolean> {
  if (!hash) {
    // Same cost as a real check, so an unknown account is not told apart by timing.
    await argon2.hash(plain, { type: argon2.argon2id });
    return false;
  }
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}
