import { describe, expect, it } from "vitest";
import { parseEnv } from "../../server/env";

describe("environment", () => {
  it("has the spec's limits as defaults", () => {
    const e = parseEnv({});
    expect(e.ACCESS_TOKEN_TTL_SECONDS).toBe(3600);
    expect(e.REFRESH_TOKEN_TTL_SECONDS).toBe(7 * 24 * 3600);
    expect(e.RATE_LIMIT_PER_HOUR).toBe(1000);
    expect(e.QR_TOKEN_TTL_SECONDS).toBe(300);
    expect(e.PIN_MAX_ATTEMPTS).toBe(5);
    expect(e.WEBHOOK_RETRY_DELAYS_SECONDS).toBe("60,300,1800");
  });

  it("lets every limit be lowered by the environment", () => {
    expect(parseEnv({ RATE_LIMIT_PER_HOUR: "3" }).RATE_LIMIT_PER_HOUR).toBe(3);
  });

  it("refuses to start in production with a missing or default secret", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/JWT_SECRET/);
    const secret = "x".repeat(40);
    expect(() =>
      parseEnv({ NODE_ENV: "production", JWT_SECRET: secret, NEXTAUTH_SECRET: secret, ENCRYPTION_KEY: secret }),
    ).toThrow(/MEDIA_HMAC_SECRET/);
    const live = { LIVEKIT_API_KEY: "APIprodKey", LIVEKIT_API_SECRET: "y".repeat(40) };
    expect(
      parseEnv({ NODE_ENV: "production", JWT_SECRET: secret, NEXTAUTH_SECRET: secret, ENCRYPTION_KEY: secret, MEDIA_HMAC_SECRET: secret, ...live })
        .NODE_ENV,
    ).toBe("production");
  });

  it("refuses LiveKit's development key pair (devkey / secret) in production, set or defaulted, and accepts it in development", () => {
    const secret = "x".repeat(40);
    const others = { NODE_ENV: "production", JWT_SECRET: secret, NEXTAUTH_SECRET: secret, ENCRYPTION_KEY: secret, MEDIA_HMAC_SECRET: secret };
    const refused = (vars: Record<string, string>) => () => parseEnv({ ...others, ...vars });
    expect(refused({})).toThrow(/Refusing to start in production: set LIVEKIT_API_KEY, LIVEKIT_API_SECRET/);
    expect(refused({ LIVEKIT_API_KEY: "devkey", LIVEKIT_API_SECRET: "secret" })).toThrow(/LIVEKIT_API_KEY, LIVEKIT_API_SECRET/);
    expect(refused({ LIVEKIT_API_KEY: "APIprodKey", LIVEKIT_API_SECRET: "secret" })).toThrow(/set LIVEKIT_API_SECRET \(/);
    expect(refused({ LIVEKIT_API_KEY: "devkey", LIVEKIT_API_SECRET: "y".repeat(40) })).toThrow(/set LIVEKIT_API_KEY \(/);
    expect(parseEnv({ ...others, LIVEKIT_API_KEY: "APIprodKey", LIVEKIT_API_SECRET: "y".repeat(40) }).LIVEKIT_API_KEY).toBe("APIprodKey");
    const dev = parseEnv({ NODE_ENV: "development" });
    expect([dev.LIVEKIT_API_KEY, dev.LIVEKIT_API_SECRET]).toEqual(["devkey", "secret"]);
  });

  it("hashes passwords with argon2id at 64 MiB, 3 iterations, 4 lanes by default (above OWASP's minimum), and names a cost out of range", () => {
    const d = parseEnv({});
    expect([d.PASSWORD_HASH_MEMORY_KIB, d.PASSWORD_HASH_ITERATIONS, d.PASSWORD_HASH_PARALLELISM]).toEqual([65_536, 3, 4]);
    expect(() => parseEnv({ PASSWORD_HASH_MEMORY_KIB: "512" })).toThrow(/PASSWORD_HASH_MEMORY_KIB/);
    expect(() => parseEnv({ PASSWORD_HASH_ITERATIONS: "0" })).toThrow(/PASSWORD_HASH_ITERATIONS/);
    // The suite's own cost (vitest.config.ts), still argon2id hashed and verified for real.
    expect(parseEnv({ PASSWORD_HASH_MEMORY_KIB: "4096", PASSWORD_HASH_ITERATIONS: "1", PASSWORD_HASH_PARALLELISM: "1" }).PASSWORD_HASH_ITERATIONS).toBe(1);
  });

  it("names the variable that is wrong", () => {
    expect(() => parseEnv({ RATE_LIMIT_PER_HOUR: "lots" })).toThrow(/RATE_LIMIT_PER_HOUR/);
  });
});

describe("ALLOW_HTTP_WEBHOOKS", () => {
  it("is honoured in development, never by a production deployment (only a local production build on localhost)", async () => {
    const { httpWebhooksAllowed, resetEnvCache } = await import("../../server/env");
    const saved = { ...process.env };
    const secrets = { JWT_SECRET: "p".repeat(40), NEXTAUTH_SECRET: "q".repeat(40), ENCRYPTION_KEY: "r".repeat(40), MEDIA_HMAC_SECRET: "s".repeat(40), LIVEKIT_API_KEY: "APIprodKey", LIVEKIT_API_SECRET: "t".repeat(40) };
    const check = (vars: Record<string, string>) => {
      for (const k of ["NODE_ENV", "APP_URL", "ALLOW_HTTP_WEBHOOKS"]) delete process.env[k];
      Object.assign(process.env, secrets, vars);
      resetEnvCache();
      return httpWebhooksAllowed();
    };
    try {
      expect(check({ NODE_ENV: "development" })).toBe(false);
      expect(check({ NODE_ENV: "development", ALLOW_HTTP_WEBHOOKS: "true" })).toBe(true);
      expect(check({ NODE_ENV: "production", ALLOW_HTTP_WEBHOOKS: "true", APP_URL: "https://app.example.fr" })).toBe(false);
      expect(check({ NODE_ENV: "production", ALLOW_HTTP_WEBHOOKS: "true", APP_URL: "http://localhost:3101" })).toBe(true);
    } finally {
      process.env = saved;
      resetEnvCache();
    }
  });
});
