import type { Metadata } from "next";
import { BpfView } from "@/components/bpf/bpf-view";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("nav.bpf") };
}

/** ADMIN and FINANCIER: the BPF workspace (live year, snapshots, drill-down, CSV/PDF, submission). */
export default function BpfPage() {
  return <BpfView />;
}
