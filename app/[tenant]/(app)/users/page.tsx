import type { Metadata } from "next";
import { Suspense } from "react";
import { UsersView } from "@/components/users/users-view";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("users.title") };
}

/** Users of the tenant (ADMIN; other roles see the server's 403 as a message). */
export default function UsersPage() {
  return (
    <Suspense>
      <UsersView />
    </Suspense>
  );
}
