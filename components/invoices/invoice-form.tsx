"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Dialog } from "@/components/ui/dialog";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { CURRENCIES, VAT_RATES, type TInvoice } from "@/server/contracts/invoices";
import { centsToInput, formatPrice } from "@/components/courses/money";
import { amountInput } from "./format";
import styles from "./invoices.module.css";

export type LineDraft = { description: string; quantity: string; unitPrice: string; vatRate: string; discount: string };
export const emptyLine = (vatRate = "0"): LineDraft => ({ description: "", quantity: "1", unitPrice: "", vatRate, discount: "" });

/** The typed lines as the API takes them (amounts in cents); an unreadable number is sent as NaN so the server names the field. */
export function linesBody(lines: LineDraft[]) {
  return lines.map((l) => ({
    description: l.description,
    quantity: Number(l.quantity.replace(",", ".")),
    unitPriceCents: amountInput(l.unitPrice),
    vatRate: Number(l.vatRate),
    ...(l.discount.trim() ? { discountCents: amountInput(l.discount) } : {}),
  }));
}

/** The line editor shared by the invoice form and the partial credit note: one card per line, phone-friendly. */
export function LinesEditor({ lines, onChange, fields, currency }: { lines: LineDraft[]; onChange: (next: LineDraft[]) => void; fields: Record<string, string[] | undefined>; currency: string }) {
  const { t, locale } = useI18n();
  const set = (k: number, key: keyof LineDraft) => (e: { target: { value: string } }) => onChange(lines.map((l, i) => (i === k ? { ...l, [key]: e.target.value } : l)));
  return (
    <fieldset className={styles.section}>
      <legend>{t("invoices.lines")}</legend>
      {fields.items ? <Alert kind="error">{fields.items.join(" ")}</Alert> : null}
      <div className={styles.lines}>
        {lines.map((l, k) => {
          const [body] = linesBody([l]);
          const net = Number.isFinite(body!.unitPriceCents) && Number.isFinite(body!.quantity) ? Math.round(body!.quantity * body!.unitPriceCents) - (body!.discountCents || 0) : null;
          return (
            <div key={k} className={styles.line} role="group" aria-label={`${t("invoices.lines")} ${k + 1}`}>
              <TextField name={`items.${k}.description`} label={t("invoices.description")} value={l.description} onChange={set(k, "description")} required errors={fields[`items.${k}.description`]} />
              <TextField name={`items.${k}.quantity`} label={t("invoices.quantity")} value={l.quantity} onChange={set(k, "quantity")} inputMode="decimal" required errors={fields[`items.${k}.quantity`]} />
              <TextField name={`items.${k}.unitPrice`} label={t("invoices.unitPrice")} value={l.unitPrice} onChange={set(k, "unitPrice")} inputMode="decimal" required errors={fields[`items.${k}.unitPriceCents`]} />
              <SelectField name={`items.${k}.vatRate`} label={t("invoices.vatRate")} value={l.vatRate} onChange={set(k, "vatRate")} options={VAT_RATES.map((r) => ({ value: String(r), label: `${String(r).replace(".", ",")} %` }))} errors={fields[`items.${k}.vatRate`]} />
              <TextField name={`items.${k}.discount`} label={t("invoices.discount")} value={l.discount} onChange={set(k, "discount")} inputMode="decimal" errors={fields[`items.${k}.discountCents`]} />
              <div>
                <p className="muted" aria-live="polite">
                  {net !== null ? formatPrice(net, currency, locale) : "—"}
                </p>
                {lines.length > 1 ? (
                  <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange(lines.filter((_, i) => i !== k))} aria-label={t("invoices.removeLine", { n: k + 1 })}>
                    ✕
                  </button>
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange([...lines, emptyLine(lines.at(-1)?.vatRate)])}>
        {t("invoices.addLine")}
      </button>
    </fieldset>
  );
}

/** Create a draft (or edit one): client, lines, due date, currency, purchase order, note. */
export function InvoiceForm({ invoice, onClose, onSaved }: { invoice?: TInvoice; onClose: () => void; onSaved: (id: string) => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const clients = useQuery(trpc.billingClients.list.queryOptions({ page: 1, perPage: 100 }));
  const identity = useQuery(trpc.legalIdentity.get.queryOptions({}));
  const exempt = identity.data?.data.vatRegime === "EXEMPT_261_4_4A";
  const [clientId, setClientId] = useState(invoice?.clientId ?? "");
  const [lines, setLines] = useState<LineDraft[]>(
    invoice ? invoice.items.map((i) => ({ description: i.description, quantity: String(i.quantity).replace(".", ","), unitPrice: centsToInput(i.unitPriceCents), vatRate: String(i.vatRate), discount: i.discountCents ? centsToInput(i.discountCents) : "" })) : [emptyLine()],
  );
  const [dueDate, setDueDate] = useState(invoice?.dueAt ?? "");
  const [currency, setCurrency] = useState(invoice?.currency ?? "EUR");
  const [purchaseOrder, setPurchaseOrder] = useState(invoice?.purchaseOrder ?? "");
  const [notes, setNotes] = useState(invoice?.notes ?? "");
  const done = async (res: { data: TInvoice }) => {
    await queryClient.invalidateQueries(trpc.invoices.pathFilter());
    onSaved(res.data.id);
  };
  const create = useMutation(trpc.invoices.create.mutationOptions({ onSuccess: done }));
  const update = useMutation(trpc.invoices.update.mutationOptions({ onSuccess: done }));
  const m = invoice ? update : create;
  const fields = m.error ? errorInfo(m.error).fields : {};
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      clientId,
      items: linesBody(lines),
      dueDate: dueDate || null,
      currency: currency as (typeof CURRENCIES)[number],
      purchaseOrder: purchaseOrder.trim() || null,
      notes: notes.trim() || null,
    };
    if (invoice) update.mutate({ id: invoice.id, ...body });
    else create.mutate(body);
  };
  const clientOptions = (clients.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  return (
    <Dialog open onClose={onClose} wide className={styles.dialog} title={invoice ? t("invoices.editInvoice") : t("invoices.newInvoice")}>
      <form onSubmit={onSubmit} noValidate>
        {m.isError ? <Alert kind="error">{errorMessage(m.error, t)}</Alert> : null}
        {clients.data && clientOptions.length === 0 ? <Alert kind="info">{t("invoices.noClients")}</Alert> : null}
        <div className={styles.grid2}>
          <SelectField name="clientId" label={t("invoices.client")} value={clientId} onChange={(e) => setClientId(e.target.value)} options={[{ value: "", label: t("invoices.chooseClient") }, ...clientOptions]} errors={fields.clientId} required />
          <SelectField name="currency" label={t("invoices.currency")} value={currency} onChange={(e) => setCurrency(e.target.value)} options={CURRENCIES.map((c) => ({ value: c, label: c }))} errors={fields.currency} />
          <TextField name="dueDate" type="date" label={t("invoices.dueDate")} hint={t("invoices.dueDateHint")} value={dueDate} onChange={(e) => setDueDate(e.target.value)} errors={fields.dueDate} />
          <TextField name="purchaseOrder" label={t("invoices.purchaseOrder")} value={purchaseOrder} onChange={(e) => setPurchaseOrder(e.target.value)} errors={fields.purchaseOrder} />
        </div>
        {exempt ? <p className="muted">{t("invoices.exemptHint")}</p> : null}
        <LinesEditor lines={lines} onChange={setLines} fields={fields} currency={currency} />
        <TextField name="notes" label={t("invoices.notes")} value={notes} onChange={(e) => setNotes(e.target.value)} errors={fields.notes} />
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t("invoices.cancel")}
          </button>
          <SubmitButton pending={m.isPending} label={t("invoices.save")} disabled={!clientId} />
        </div>
      </form>
    </Dialog>
  );
}
