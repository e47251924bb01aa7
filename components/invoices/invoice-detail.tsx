"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { Loading } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { InvoiceActionForm } from "./invoice-action-form";
import { InvoiceActions, type InvoiceStep } from "./invoice-actions";
import { InvoiceCreditNotes } from "./invoice-credit-notes";
import { InvoiceFacts } from "./invoice-facts";
import { InvoiceForm } from "./invoice-form";
import { InvoiceLines } from "./invoice-lines";
import { PdfPreview } from "./pdf-preview";
import styles from "./invoices.module.css";
import { ValidationBanner } from "./validation-banner";

/** One invoice or credit note: its facts, lines, VAT per rate, totals, Factur-X and signature facts, and the next steps its status allows. */
export function InvoiceDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const detail = useQuery(trpc.invoices.get.queryOptions({ id }));
  const [action, setAction] = useState<InvoiceStep | null>(null);
  const [preview, setPreview] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = async (message?: string) => {
    setAction(null);
    setNotice(message ?? null);
    await queryClient.invalidateQueries(trpc.invoices.pathFilter());
  };
  const issue = useMutation(trpc.invoices.issue.mutationOptions({ onSuccess: () => refresh() }));
  // A draft is checked against the Factur-X rules (EN 16931, BR-FR) when shown and after each edit (updatedAt moves).
  const validation = useMutation(trpc.invoices.validate.mutationOptions());
  const validateDraft = validation.mutate;
  const draftVersion = detail.data?.data.status === "DRAFT" ? detail.data.data.updatedAt : null;
  useEffect(() => {
    if (draftVersion) validateDraft({ id });
  }, [draftVersion, id, validateDraft]);
  const render = useMutation(
    trpc.invoices.render.mutationOptions({ onSuccess: (res) => refresh(res.data.pdf?.status === "READY" ? t("invoices.pdfRendered") : undefined) }),
  );
  const remove = useMutation(
    trpc.invoices.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.invoices.list.pathFilter());
        onClose();
      },
    }),
  );
  const inv = detail.data?.data;
  const title = inv ? `${inv.kind === "CREDIT_NOTE" ? t("invoices.creditNoteTitle") : inv.status === "DRAFT" ? t("invoices.draftTitle") : t("invoices.detailTitle")} ${inv.number ?? ""}`.trim() : t("invoices.detailTitle");
  const error = [issue, remove, render].find((m) => m.isError)?.error;
  const verdict = validation.data?.data;
  const conformant = !validation.isPending && verdict?.conformant === true;
  if (action === "edit" && inv) return <InvoiceForm invoice={inv} onClose={() => setAction(null)} onSaved={() => void refresh()} />;
  return (
    <Dialog open onClose={onClose} wide className={styles.dialog} title={title}>
      {detail.isPending ? <Loading /> : null}
      {detail.isError ? <Alert kind="error">{errorMessage(detail.error, t)}</Alert> : null}
      {error ? <Alert kind="error">{errorMessage(error, t)}</Alert> : null}
      {notice ? <Alert kind="success">{notice}</Alert> : null}
      {inv ? (
        <div>
          <InvoiceFacts inv={inv} />

          <InvoiceLines inv={inv} />

          <InvoiceCreditNotes inv={inv} />

          {inv.status === "DRAFT" ? <ValidationBanner pending={validation.isPending} verdict={verdict} error={validation.error} onRetry={() => validateDraft({ id })} /> : null}

          <InvoiceActions inv={inv} action={action} conformant={conformant} preview={preview} retryingPdf={render.isPending} onAction={setAction} onTogglePreview={() => setPreview(!preview)} onRetryPdf={() => render.mutate({ id })} />
          {preview && inv.pdfAvailable ? <PdfPreview id={inv.id} title={title} /> : null}
          {action === "send" || action === "markPaid" || action === "cancel" || action === "creditNote" ? (
            <InvoiceActionForm
              kind={action}
              invoice={inv}
              onDone={refresh}
              onCancelled={(number) => void refresh(t("invoices.cancelledWithNote", { number }))}
              onCancel={() => setAction(null)}
              onCreditNote={(number) => void refresh(t("invoices.creditNoteIssued", { number }))}
            />
          ) : null}
          <ConfirmDialog open={action === "issue"} title={t("invoices.issue")} message={t("invoices.issueConfirm")} confirmLabel={t("invoices.issue")} busy={issue.isPending} onConfirm={() => issue.mutate({ id })} onCancel={() => setAction(null)} />
          <ConfirmDialog open={action === "delete"} danger title={t("invoices.delete")} message={t("invoices.deleteConfirm")} confirmLabel={t("invoices.delete")} busy={remove.isPending} onConfirm={() => remove.mutate({ id })} onCancel={() => setAction(null)} />
        </div>
      ) : null}
    </Dialog>
  );
}
