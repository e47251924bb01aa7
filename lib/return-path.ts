/** A same-site path to come back to after signing in ("/catalogue/x?y"), or null for anything else (another host, "//x", "/\x"). */
export function returnPath(raw: unknown): string | null {
  if (typeof raw !== "string" || raw.length > 500) return null;
  return /^\/(?![/\\])[^\s\\]*$/.test(raw) ? raw : null;
}
