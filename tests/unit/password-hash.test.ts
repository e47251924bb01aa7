import { afterEach, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../server/auth/passwords";
import { envPatch } from "../helpers/env-patch";

describe("password hashes", () => {
  const patch = envPatch();
  afterEach(() => patch.restore());

  it("are argon2id with the configured cost, and verify with the cost they carry", async () => {
    patch.set({ PASSWORD_HASH_MEMORY_KIB: "8192", PASSWORD_HASH_ITERATIONS: "2", PASSWORD_HASH_PARALLELISM: "1" });
    const hash = await hashPassword("Correct-horse-1");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=8192,p=1,t=2\$/);
    // Made at another cost: still verified (the parameters are in the hash).
    patch.set({ PASSWORD_HASH_MEMORY_KIB: "4096", PASSWORD_HASH_ITERATIONS: "1", PASSWORD_HASH_PARALLELISM: "1" });
    expect(await verifyPassword(hash, "Correct-horse-1")).toBe(true);
    expect(await verifyPassword(hash, "Correct-horse-2")).toBe(false);
    expect(await verifyPassword(null, "Correct-horse-1")).toBe(false);
  });
});
