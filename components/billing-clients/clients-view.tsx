"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { BillingTabs } from "@/components/billing-nav/billing-tabs";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { DataTable } from "@/components/ui/data-table";
import { Dialog } from "@/components/ui/dialog";
import { Pagination } from "@/components/ui/pagination";
import { QueryList } from "@/components/ui/query-list";
import { SearchToolbar } from "@/components/ui/search-toolbar";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { param, useUrlFilters } from "@/components/ui/use-url-filters";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { ZClientKind, type TClient, type TClientKind } from "@/server/contracts/billing-clients";
import styles from "./clients.module.css";

const PER_PAGE = 20;
const canManageBilling = (role: string | null | undefined) => role === "ADMIN" || role === "FINANCIER";

/** ADMIN and FINANCIER: the billing clients, searched by name or SIREN/SIRET and filtered by kind; created and edited in a dialog. */
export function ClientsView() {
  const t = useT();
  const trpc = useTRPC();
  const me = useMe();
  const queryClient = useQueryClient();
  const allowed = canManageBilling(me.role);
  const [filters, setFilters] = useUrlFilters({ q: param.text, kind: param.oneOf(ZClientKind) });
  const [editing, setEditing] = useState<TClient | "new" | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useQuery({
    ...trpc.billingClients.list.queryOptions({ page: filters.page, perPage: PER_PAGE, search: filters.q, kind: filters.kind }),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
  if (!allowed) {
    return (
      <>
        <h1>{t("billingClients.title")}</h1>
        <Alert kind="error">{t("billingClients.forbidden")}</Alert>
      </>
    );
  }
  const saved = async (client: TClient, created: boolean) => {
    setEditing(null);
    setNotice(t(created ? "billingClients.created" : "billingClients.saved", { name: client.name }));
    await queryClient.invalidateQueries(trpc.billingClients.list.pathFilter());
  };
  return (
    <>
      <BillingTabs />
      <div className="page-header">
        <div>
          <h1>{t("billingClients.title")}</h1>
          <p>{t("billingClients.intro")}</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setEditing("new")}>
          {t("billingClients.newClient")}
        </button>
      </div>
      <div role="status" aria-live="polite">
        {notice ? <Alert kind="success">{notice}</Alert> : null}
      </div>
      <div className="stack-lg">
        <SearchToolbar label={t("billingClients.search")} value={filters.q} onSearch={(q) => setFilters({ q })}>
          <SelectField
            name="kind"
            label={t("billingClients.kindFilter")}
            value={filters.kind ?? ""}
            onChange={(e) => setFilters({ kind: (e.target.value || undefined) as TClientKind | undefined })}
            options={[{ value: "", label: t("billingClients.allKinds") }, ...ZClientKind.options.map((k) => ({ value: k, label: t(`billingClients.kind_${k}`) }))]}
          />
        </SearchToolbar>
        <QueryList query={list} empty={t("billingClients.empty")}>
          {(page) => (
            <>
              <DataTable
                caption={t("billingClients.list")}
                columns={[t("billingClients.colName"), t("billingClients.colKind"), t("billingClients.colIds"), t("billingClients.colCity"), t("billingClients.colEmail"), t("billingClients.colActions")]}
              >
                {page.data.map((c) => (
                  <tr key={c.id}>
                    <td className="cell-name" data-label={t("billingClients.colName")}>
                      {c.name}
                      {c.userId ? <span className={`badge ${styles.badge}`}>{t("billingClients.linkedLearner")}</span> : null}
                    </td>
                    <td data-label={t("billingClients.colKind")}>
                      <span className="badge">{t(`billingClients.kind_${c.kind}`)}</span>
                    </td>
                    <td data-label={t("billingClients.colIds")} className={styles.ids}>
                      {c.siret ?? c.siren ?? "—"}
                    </td>
                    <td data-label={t("billingClients.colCity")}>{[c.address.postalCode, c.address.city].filter(Boolean).join(" ") || "—"}</td>
                    <td data-label={t("billingClients.colEmail")} className={styles.email}>
                      {c.email ?? "—"}
                    </td>
                    <td data-label={t("billingClients.colActions")}>
                      <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(c)} aria-label={t("billingClients.editNamed", { name: c.name })}>
                        {t("billingClients.edit")}
                      </button>
                    </td>
                  </tr>
                ))}
              </DataTable>
              {page.meta.total > PER_PAGE ? (
                <Pagination label={t("billingClients.list")} page={page.meta.page} pages={Math.ceil(page.meta.total / PER_PAGE)} onPage={(p) => setFilters({ page: p })} />
              ) : null}
            </>
          )}
        </QueryList>
      </div>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing === "new" ? t("billingClients.newClient") : t("billingClients.editClient")} wide>
        {editing ? <ClientForm key={editing === "new" ? "new" : editing.id} client={editing === "new" ? null : editing} onSaved={saved} onCancel={() => setEditing(null)} /> : null}
      </Dialog>
    </>
  );
}

type Draft = {
  kind: TClientKind;
  name: string;
  siren: string;
  siret: string;
  vatNumber: string;
  line1: string;
  line2: string;
  postalCode: string;
  city: string;
  country: string;
  email: string;
};
const EMPTY: Draft = { kind: "COMPANY", name: "", siren: "", siret: "", vatNumber: "", line1: "", line2: "", postalCode: "", city: "", country: "FR", email: "" };
const fromClient = (c: TClient): Draft => ({
  kind: c.kind,
  name: c.name,
  siren: c.siren ?? "",
  siret: c.siret ?? "",
  vatNumber: c.vatNumber ?? "",
  line1: c.address.line1 ?? "",
  line2: c.address.line2 ?? "",
  postalCode: c.address.postalCode ?? "",
  city: c.address.city ?? "",
  country: c.address.country,
  email: c.email ?? "",
});
/** Empty optional fields are sent as null (cleared); an individual sends no SIREN or SIRET; the address goes as one object. */
const bodyOf = (d: Draft) => {
  const opt = (v: string) => v.trim() || null;
  const individual = d.kind === "INDIVIDUAL";
  return {
    kind: d.kind,
    name: d.name,
    siren: individual ? null : opt(d.siren),
    siret: individual ? null : opt(d.siret),
    vatNumber: opt(d.vatNumber),
    address: { line1: opt(d.line1), line2: opt(d.line2), postalCode: opt(d.postalCode), city: opt(d.city), country: d.country.trim() || "FR" },
    email: opt(d.email),
  };
};

function ClientForm({ client, onSaved, onCancel }: { client: TClient | null; onSaved: (c: TClient, created: boolean) => Promise<void>; onCancel: () => void }) {
  const t = useT();
  const trpc = useTRPC();
  const [d, setD] = useState<Draft>(client ? fromClient(client) : EMPTY);
  const create = useMutation(trpc.billingClients.create.mutationOptions({ onSuccess: (res) => onSaved(res.data, true) }));
  const update = useMutation(trpc.billingClients.update.mutationOptions({ onSuccess: (res) => onSaved(res.data, false) }));
  const m = client ? update : create;
  const fields = m.error ? errorInfo(m.error).fields : {};
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setD({ ...d, [k]: e.target.value });
  const optional = t("billingClients.optional");
  const individual = d.kind === "INDIVIDUAL";
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (client) update.mutate({ id: client.id, ...bodyOf(d) });
    else create.mutate(bodyOf(d));
  };
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {m.isError ? <Alert kind="error">{errorMessage(m.error, t)}</Alert> : null}
      <div className={styles.grid}>
        <SelectField
          name="kind"
          label={t("billingClients.kindFilter")}
          value={d.kind}
          onChange={(e) => setD({ ...d, kind: e.target.value as TClientKind })}
          options={ZClientKind.options.map((k) => ({ value: k, label: t(`billingClients.kind_${k}`) }))}
          errors={fields.kind}
        />
        <TextField name="name" label={t("billingClients.name")} value={d.name} onChange={set("name")} required errors={fields.name} autoComplete={individual ? "name" : "organization"} />
        {individual ? (
          <p className={`muted ${styles.full}`}>{t("billingClients.idsNone")}</p>
        ) : (
          <>
            <TextField name="siren" label={t("billingClients.siren")} value={d.siren} onChange={set("siren")} errors={fields.siren} inputMode="numeric" hint={t("billingClients.idsHint")} />
            <TextField name="siret" label={t("billingClients.siret")} value={d.siret} onChange={set("siret")} errors={fields.siret} inputMode="numeric" optionalLabel={optional} />
          </>
        )}
        <TextField name="vatNumber" label={t("billingClients.vatNumber")} value={d.vatNumber} onChange={set("vatNumber")} errors={fields.vatNumber} optionalLabel={optional} />
        <TextField name="email" type="email" label={t("billingClients.email")} value={d.email} onChange={set("email")} errors={fields.email} optionalLabel={optional} autoComplete="email" />
        <TextField name="line1" label={t("billingClients.addressLine1")} value={d.line1} onChange={set("line1")} errors={fields["address.line1"]} autoComplete="address-line1" />
        <TextField name="line2" label={t("billingClients.addressLine2")} value={d.line2} onChange={set("line2")} errors={fields["address.line2"]} optionalLabel={optional} autoComplete="address-line2" />
        <TextField name="postalCode" label={t("billingClients.postalCode")} value={d.postalCode} onChange={set("postalCode")} errors={fields["address.postalCode"]} autoComplete="postal-code" />
        <TextField name="city" label={t("billingClients.city")} value={d.city} onChange={set("city")} errors={fields["address.city"]} autoComplete="address-level2" />
        <TextField name="country" label={t("billingClients.country")} value={d.country} onChange={set("country")} errors={fields["address.country"]} maxLength={2} autoComplete="country" />
      </div>
      {fields.userId ? <Alert kind="error">{fields.userId.join(" ")}</Alert> : null}
      <div className="form-actions">
        <SubmitButton pending={m.isPending} label={client ? t("billingClients.save") : t("billingClients.create")} disabled={!d.name.trim()} />
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t("billingClients.cancel")}
        </button>
      </div>
    </form>
  );
}
