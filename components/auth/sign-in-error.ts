import type { Translate } from "@/lib/i18n/translate";

/** next-auth's `error` parameter (see server/auth/next-auth.ts SIGN_IN_ERRORS) -> a sentence. */
export function signInErrorMessage(code: string | null | undefined, t: Translate): string {
  if (!code) return t("auth.failed");
  if (code === "CredentialsSignin") return t("auth.invalidCredentials");
  if (code === "suspended") return t("auth.suspended");
  if (code === "tenant_not_found") return t("auth.tenantNotFound");
  const locked = /^locked:(\d+)$/.exec(code);
  if (locked) return t("auth.locked", { minutes: Number(locked[1]) });
  return t("auth.failed");
}
