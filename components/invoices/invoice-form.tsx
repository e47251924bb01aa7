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
import { CURRENCIES, type TInvoice, type TInvoiceItemInput } from "@/server/contracts/invoices";
import { VAT_EXEMPTION_MENTION } from "@/server/contracts/legal-identity";
import { centsToInput, formatPrice } from "@/components/courses/money";
import { amountInput } from "./format";
import styles from "./invoices.module.css";

/**
 * A line as typed. `vatRate` is the VAT choice: "E" exempt under art. 261-4-4° a, "O" outside the
 * scope of VAT, "Z" zero-rated (shown only for a line stored so), or a rate ("20", "5.5"...; "0"
 * reads as E). `kind`: "" lets the server decide (TRAINING when the invoice is linked to an
 * enrollment or the line is exempt, else OTHER); once saved, the form shows what it stored.
 */
export type LineDraft = { description: string; quantity: string; unitPrice: string; vatRate: string; discount: string; kind?: "" | "TRAINING" | "OTHER" };
export const emptyLine = (vatRate = "E"): LineDraft => ({ description: "", quantity: "1", unitPrice: "", vatRate, discount: "", kind: "" });

/** The VAT choice of a stored line (its category, or its rate for S). */
const vatChoiceOf = (i: { vatRate: number; vatCategory?: string | null }) => (i.vatCategory && i.vatCategory !== "S" ? i.vatCategory : String(i.vatRate));

const VAT_CHOICES = ["E", "20", "10", "5.5", "2.1", "O"] as const;

/** An invoice's lines as editable drafts (editing a draft, or a partial credit note starting from the invoice's lines). */
export const lineDraftsOf = (items: TInvoice["items"]): LineDraft[] =>
  items.map((i) => ({
    description: i.description,
    quantity: String(i.quantity).replace(".", ","),
    unitPrice: centsToInput(i.unitPriceCents),
    vatRate: vatChoiceOf(i),
    discount: i.discountCents ? centsToInput(i.discountCents) : "",
    kind: i.kind ?? "",
  }));

/** The typed lines as the API takes them (amounts in cents); an unreadable number is sent as NaN so the server names the field. */
export function linesBody(lines: LineDraft[]): TInvoiceItemInput[] {
  return lines.map((l) => {
    const choice = l.vatRate === "0" ? "E" : l.vatRate;
    const vat =
      choice === "E"
        ? { vatRate: 0, vatCategory: "E" as const, vatExemptionReason: VAT_EXEMPTION_MENTION }
        : choice === "O" || choice === "Z"
          ? { vatRate: 0, vatCategory: choice as "O" | "Z" }
          : { vatRate: Number(choice) };
    return {
      description: l.description,
      quantity: Number(l.quantity.replace(",", ".")),
      unitPriceCents: amountInput(l.unitPrice),
      ...vat,
      ...(l.discount.trim() ? { discountCents: amountInput(l.discount) } : {}),
      ...(l.kind ? { kind: l.kind } : {}),
    };
  });
}

/** The line editor shared by the invoice form and the partial credit note: one card per line, phone-friendly. */
export function LinesEditor({
  lines,
  onChange,
  fields,
  currency,
  newLineVat,
}: {
  lines: LineDraft[];
  onChange: (next: LineDraft[]) => void;
  fields: Record<string, string[] | undefined>;
  currency: string;
  /** The VAT choice of an added line (default: the last line's). */
  newLineVat?: string;
}) {
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
            <div key={k} className={styles.line} role="group" aria-label={t("invoices.lineN", { n: k + 1 })}>
              <TextField name={`items.${k}.description`} label={t("invoices.description")} value={l.description} onChange={set(k, "description")} required errors={fields[`items.${k}.description`]} />
              <TextField name={`items.${k}.quantity`} label={t("invoices.quantity")} value={l.quantity} onChange={set(k, "quantity")} inputMode="decimal" required errors={fields[`items.${k}.quantity`]} />
              <TextField name={`items.${k}.unitPrice`} label={t("invoices.unitPrice")} value={l.unitPrice} onChange={set(k, "unitPrice")} inputMode="decimal" required errors={fields[`items.${k}.unitPriceCents`]} />
              <SelectField
                name={`items.${k}.kind`}
                label={t("invoices.lineKind")}
                value={l.kind ?? ""}
                onChange={set(k, "kind")}
                options={[
                  ...(l.kind ? [] : [{ value: "", label: t("invoices.lineKindAuto") }]),
                  { value: "TRAINING", label: t("invoices.lineKindTraining") },
                  { value: "OTHER", label: t("invoices.lineKindOther") },
                ]}
                errors={fields[`items.${k}.kind`]}
              />
              <SelectField
                name={`items.${k}.vatRate`}
                label={t("invoices.vatRate")}
                value={l.vatRate === "0" ? "E" : l.vatRate}
                onChange={set(k, "vatRate")}
                options={[...VAT_CHOICES, ...(l.vatRate === "Z" ? ["Z" as const] : [])].map((c) => ({
                  value: c,
                  label: c === "E" ? t("invoices.vatExempt") : c === "O" ? t("invoices.vatOutOfScope") : c === "Z" ? t("invoices.vatZeroRated") : `${c.replace(".", ",")} %`,
                }))}
                errors={[...(fields[`items.${k}.vatRate`] ?? []), ...(fields[`items.${k}.vatCategory`] ?? []), ...(fields[`items.${k}.vatExemptionReason`] ?? [])]}
              />
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
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange([...lines, emptyLine(newLineVat ?? lines.at(-1)?.vatRate)])}>
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
    invoice ? lineDraftsOf(invoice.items) : [emptyLine()],
  );
  // A new line's VAT follows the server's default: exempt training for an exempt organisation, 20 % otherwise.
  const defaultVat = exempt || identity.isPending ? "E" : "20";
  const [defaultApplied, setDefaultApplied] = useState(Boolean(invoice));
  if (!defaultApplied && identity.data) {
    setDefaultApplied(true);
    if (!exempt) setLines((ls) => ls.map((l) => (l.description || l.unitPrice ? l : { ...l, vatRate: "20" })));
  }
  const [servicePeriodStart, setServicePeriodStart] = useState(invoice?.servicePeriod?.start ?? "");
  const [servicePeriodEnd, setServicePeriodEnd] = useState(invoice?.servicePeriod?.end ?? "");
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
      // Both dates, or none (a new draft linked to an enrollment gets its sessions' dates from the server).
      ...(servicePeriodStart || servicePeriodEnd ? { servicePeriod: { start: servicePeriodStart, end: servicePeriodEnd } } : invoice?.servicePeriod ? { servicePeriod: null } : {}),
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
          <TextField
            name="servicePeriod.start"
            type="date"
            label={t("invoices.servicePeriodStart")}
            hint={t("invoices.servicePeriodHint")}
            value={servicePeriodStart}
            onChange={(e) => setServicePeriodStart(e.target.value)}
            errors={[...(fields.servicePeriod ?? []), ...(fields["servicePeriod.start"] ?? [])]}
          />
          <TextField name="servicePeriod.end" type="date" label={t("invoices.servicePeriodEnd")} value={servicePeriodEnd} onChange={(e) => setServicePeriodEnd(e.target.value)} errors={fields["servicePeriod.end"]} />
        </div>
        {exempt ? <p className="muted">{t("invoices.exemptHint")}</p> : null}
        <LinesEditor lines={lines} onChange={setLines} fields={fields} currency={currency} newLineVat={defaultVat} />
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
