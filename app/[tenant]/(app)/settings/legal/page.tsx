import type { Metadata } from "next";
import { LegalIdentitySettings } from "@/components/legal-identity/legal-identity-form";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("legalIdentity.title") };
}

/** ADMIN edits the organisation's legal identity (invoices, BPF, NDA on documents); a FINANCIER reads it. */
export default function LegalIdentityPage() {
  return <LegalIdentitySettings />;
}
