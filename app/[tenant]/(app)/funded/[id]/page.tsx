import type { Metadata } from "next";
import { FunderFileView } from "@/components/funders/funder-file-view";
import { getTranslator } from "@/lib/i18n/server";

type Props = { params: Promise<{ tenant: string; id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("nav.fundedFiles") };
}

/** One funded enrollment for its FUNDER (the API answers 404 outside the funder's perimeter). */
export default async function FundedFilePage({ params }: Props) {
  const { id } = await params;
  return <FunderFileView enrollmentId={id} />;
}
