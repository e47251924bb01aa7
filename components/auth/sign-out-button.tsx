"use client";

import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useT } from "@/lib/i18n/client";

/** Ends the next-auth session on this host, then goes to the sign-in page. */
export function SignOutButton({ to = "/login", className = "btn btn-secondary btn-sm" }: { to?: string; className?: string }) {
  const t = useT();
  const router = useRouter();
  return (
    <button
      type="button"
      className={className}
      onClick={async () => {
        await signOut({ redirect: false });
        router.replace(to);
        router.refresh();
      }}
    >
      {t("shell.signOut")}
    </button>
  );
}
