"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Loading } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./invoices.module.css";

/** The stored PDF shown in the browser's own viewer (an object URL of the bytes the API returns). */
export function PdfPreview({ id, title }: { id: string; title: string }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const pdf = useQuery(trpc.invoices.pdf.queryOptions({ id }, { staleTime: Infinity }));
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pdf.data) return;
    const bytes = Uint8Array.from(atob(pdf.data), (c) => c.charCodeAt(0));
    const next = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [pdf.data]);
  if (pdf.isPending) return <Loading />;
  if (pdf.isError) return <Alert kind="error">{errorMessage(pdf.error, t)}</Alert>;
  return url ? <iframe className={styles.preview} src={url} title={title} /> : null;
}
