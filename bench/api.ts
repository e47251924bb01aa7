/** The few app calls the benchmark makes outside autocannon. */
export type Tokens = { accessToken: string; refreshToken: string; expiresIn: number };
export type Credentials = { tenant: string; email: string; password: string };

export function parseTokens(body: string): Tokens | null {
  try {
    const parsed = JSON.parse(body) as { data?: Partial<Tokens> };
    const d = parsed.data;
    if (d && typeof d.accessToken === "string" && typeof d.refreshToken === "string") {
      return { accessToken: d.accessToken, refreshToken: d.refreshToken, expiresIn: Number(d.expiresIn ?? 0) };
    }
  } catch {
    // Not JSON.
  }
  return null;
}

export async function login(baseUrl: string, c: Credentials): Promise<Tokens> {
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Tenant-ID": c.tenant },
    body: JSON.stringify({ email: c.email, password: c.password }),
  });
  const text = await res.text();
  const tokens = res.ok ? parseTokens(text) : null;
  if (!tokens) throw new Error(`login ${c.email} -> ${res.status}: ${text.slice(0, 300)}`);
  return tokens;
}

/** `count` independent sessions (one refresh family each), `parallel` logins at a time (argon2 is slow). */
export async function loginMany(baseUrl: string, c: Credentials, count: number, parallel = 4): Promise<Tokens[]> {
  const out: Tokens[] = [];
  for (let i = 0; i < count; i += parallel) {
    const batch = await Promise.all(Array.from({ length: Math.min(parallel, count - i) }, () => login(baseUrl, c)));
    out.push(...batch);
  }
  return out;
}
