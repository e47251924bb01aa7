"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextareaField } from "@/components/ui/textarea-field";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { TInvoice } from "@/server/contracts/invoices";
import { emptyLine, lineDraftsOf, LinesEditor, linesBody, type LineDraft } from "./invoice-form";
import styles from "./invoices.module.css";

export type ActionKind = "send" | "markPaid" | "cancel" | "creditNote";

/** The form of one money action on an issued invoice (send, mark paid, cancel, credit note), inline under the detail. */
export function InvoiceActionForm({
  kind,
  invoice,
  onDone,
  onCancel,
  onCreditNote,
  onCancelled,
}: {
  kind: ActionKind;
  invoice: TInvoice;
  /** After success, with a sentence to show on the detail (the form closes). */
  onDone: (message?: string) => Promise<void>;
  onCancel: () => void;
  /** A credit note was issued: its number. */
  onCreditNote: (number: string) => void;
  /** The invoice was cancelled: the number of its cancellation credit note. */
  onCancelled: (creditNoteNumber: string) => void;
}) {
  const { t } = useI18n();
  const trpc = useTRPC();
  // The recipient starts as the client's e-mail (where invoices are sent), until typed over.
  const client = useQuery({ ...trpc.billingClients.get.queryOptions({ id: invoice.clientId }), enabled: kind === "send" });
  const [typedTo, setTo] = useState<string | null>(null);
  const to = typedTo ?? client.data?.data.email ?? "";
  const [cc, setCc] = useState("");
  const [message, setMessage] = useState("");
  const [paidAt, setPaidAt] = useState("");
  const [reference, setReference] = useState("");
  const [reason, setReason] = useState("");
  const [partial, setPartial] = useState(false);
  // A partial credit note starts from the invoice's lines, each editable or removable.
  const [lines, setLines] = useState<LineDraft[]>(invoice.items.length ? lineDraftsOf(invoice.items) : [emptyLine()]);
  const send = useMutation(trpc.invoices.send.mutationOptions({ onSuccess: (res) => onDone(t("invoices.sentTo", { recipients: res.data.recipients.join(", ") })) }));
  const markPaid = useMutation(trpc.invoices.markPaid.mutationOptions({ onSuccess: () => onDone() }));
  const cancel = useMutation(trpc.invoices.cancel.mutationOptions({ onSuccess: (res) => onCancelled(res.data.cancellationCreditNote?.number ?? "") }));
  const credit = useMutation(trpc.invoices.creditNote.mutationOptions({ onSuccess: (res) => onCreditNote(res.data.number ?? "") }));
  const m = { send, markPaid, cancel, creditNote: credit }[kind];
  const fields = m.error ? errorInfo(m.error).fields : {};
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (kind === "send") send.mutate({ id: invoice.id, to, cc: cc.split(",").map((x) => x.trim()).filter(Boolean), message: message.trim() || undefined });
    if (kind === "markPaid") markPaid.mutate({ id: invoice.id, paidAt: paidAt || undefined, reference: reference.trim() || undefined });
    if (kind === "cancel") cancel.mutate({ id: invoice.id, reason });
    if (kind === "creditNote") credit.mutate({ id: invoice.id, reason, items: partial ? linesBody(lines) : undefined });
  };
  const title = { send: t("invoices.send"), markPaid: t("invoices.markPaid"), cancel: t("invoices.cancelInvoice"), creditNote: t("invoices.creditNote") }[kind];
  const confirm = { send: t("invoices.confirmSend"), markPaid: t("invoices.confirmPaid"), cancel: t("invoices.confirmCancel"), creditNote: t("invoices.confirmCredit") }[kind];
  return (
    <form className={`card ${styles.section}`} onSubmit={onSubmit} aria-label={title} noValidate>
      <h3>{title}</h3>
      {m.isError ? <Alert kind="error">{errorMessage(m.error, t)}</Alert> : null}
      {kind === "send" ? (
        <>
          <TextField
            name="to"
            type="email"
            label={t("invoices.sendTo")}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            required
            errors={fields.to}
            autoComplete="email"
            hint={client.data?.data.email && to === client.data.data.email ? t("invoices.sendToClientHint") : undefined}
          />
          <TextField name="cc" label={t("invoices.sendCc")} value={cc} onChange={(e) => setCc(e.target.value)} errors={Object.entries(fields).filter(([k]) => k.startsWith("cc")).flatMap(([, v]) => v ?? [])} />
          <TextareaField name="message" label={t("invoices.sendMessage")} value={message} onChange={(e) => setMessage(e.target.value)} rows={3} errors={fields.message} />
        </>
      ) : null}
      {kind === "markPaid" ? (
        <>
          <TextField name="paidAt" type="date" label={t("invoices.paidOn")} value={paidAt} onChange={(e) => setPaidAt(e.target.value)} errors={fields.paidAt} />
          <TextField name="reference" label={t("invoices.reference")} value={reference} onChange={(e) => setReference(e.target.value)} errors={fields.reference} />
        </>
      ) : null}
      {kind === "cancel" ? <p className="muted">{t("invoices.cancelByCreditNote")}</p> : null}
      {kind === "cancel" || kind === "creditNote" ? (
        <TextareaField name="reason" label={kind === "cancel" ? t("invoices.cancelReason") : t("invoices.creditReason")} value={reason} onChange={(e) => setReason(e.target.value)} rows={2} required errors={fields.reason} />
      ) : null}
      {kind === "creditNote" ? (
        <>
          <p className="muted">{t("invoices.creditWhole")}</p>
          <label>
            <input type="checkbox" checked={partial} onChange={(e) => setPartial(e.target.checked)} /> {t("invoices.creditPartial")}
          </label>
          {partial ? (
            <>
              <p className="muted">{t("invoices.creditPartialHint")}</p>
              <LinesEditor lines={lines} onChange={setLines} fields={fields} currency={invoice.currency} />
            </>
          ) : null}
        </>
      ) : null}
      <div className="form-actions">
        <SubmitButton pending={m.isPending} label={confirm} />
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t("invoices.cancel")}
        </button>
      </div>
    </form>
  );
}
