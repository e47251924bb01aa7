import type { Metadata } from "next";
import { headers } from "next/headers";
import { ApiReference } from "@/components/docs/api-reference";
import { SiteTopbar } from "@/components/site-topbar";
import { getTranslator } from "@/lib/i18n/server";
import { rootDomain } from "@/lib/server/urls";
import { slugFromHost } from "@/server/lib/host";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("docs.title") };
}

/** The API reference (public), on the root host and on every tenant sub-domain. */
export default async function ApiDocsPage() {
  const host = (await headers()).get("host");
  return (
    <>
      <SiteTopbar />
      <main id="main">
        <ApiReference defaultTenant={slugFromHost(host, rootDomain()) ?? "acme"} />
      </main>
    </>
  );
}
