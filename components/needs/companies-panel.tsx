"use client";

import Link from "next/link";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { TCompany } from "@/server/contracts/needs";
import { Alert } from "@/components/ui/alert";
import { Pagination } from "@/components/ui/pagination";
import { Loading } from "@/components/ui/skeleton";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./needs.module.css";

const PER_PAGE = 20;
type Draft = { name: string; siret: string; contactName: string; contactEmail: string; contactPhone: string; opcoName: string };
const empty: Draft = { name: "", siret: "", contactName: "", contactEmail: "", contactPhone: "", opcoName: "" };
const fromCompany = (c: TCompany): Draft => ({
  name: c.name,
  siret: c.siret ?? "",
  contactName: c.contactName ?? "",
  contactEmail: c.contactEmail ?? "",
  contactPhone: c.contactPhone ?? "",
  opcoName: c.opcoName ?? "",
});
/** Empty optional fields are sent as null (cleared), never as "". */
const body = (d: Draft) => ({
  name: d.name,
  siret: d.siret.trim() || null,
  contactName: d.contactName.trim() || null,
  contactEmail: d.contactEmail.trim() || null,
  contactPhone: d.contactPhone.trim() || null,
  opcoName: d.opcoName.trim() || null,
});

/** Client companies: searchable list; ADMIN creates and edits, a CREATOR reads. */
export function CompaniesPanel({ canManage }: { canManage: boolean }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TCompany | "new" | null>(null);
  const list = useQuery({ ...trpc.needs.listCompanies.queryOptions({ page, perPage: PER_PAGE, search: search.trim() || undefined }), placeholderData: keepPreviousData });
  const done = async () => {
    setEditing(null);
    await queryClient.invalidateQueries(trpc.needs.listCompanies.pathFilter());
  };
  return (
    <div className={styles.stack}>
      <div className={styles.row}>
        <TextField
          name="search"
          type="search"
          label={t("needs.search")}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        {canManage ? (
          <button type="button" className="btn btn-primary" onClick={() => setEditing("new")} aria-expanded={editing === "new"}>
            {t("needs.newCompany")}
          </button>
        ) : null}
      </div>
      <p className="muted">
        {t("needs.companiesAreClients")}{" "}
        {canManage ? <Link href="/billing/clients">{t("needs.seeClients")}</Link> : null}
      </p>
      {!canManage ? <p className="muted">{t("needs.companiesReadOnly")}</p> : null}
      {editing ? <CompanyForm key={editing === "new" ? "new" : editing.id} company={editing === "new" ? null : editing} onDone={done} onCancel={() => setEditing(null)} /> : null}
      {list.isPending ? <Loading /> : null}
      {list.isError ? <Alert kind="error">{errorMessage(list.error, t)}</Alert> : null}
      {list.data ? (
        <>
          {list.data.data.length === 0 ? <p>{t("needs.noCompanies")}</p> : null}
          <ul className={styles.list} aria-label={t("needs.companies")}>
            {list.data.data.map((c) => (
              <li key={c.id} className={`card ${styles.item}`}>
                <h3>{c.name}</h3>
                <div className={styles.badges}>
                  {c.kind === "OPCO" ? <span className="badge">{t("needs.kindOpco")}</span> : null}
                  {c.siret ? <span className="badge">SIRET {c.siret}</span> : null}
                  {c.opcoName ? <span className="badge">{c.opcoName}</span> : null}
                </div>
                {c.contactName || c.contactEmail || c.contactPhone ? <span>{[c.contactName, c.contactEmail, c.contactPhone].filter(Boolean).join(" · ")}</span> : null}
                {canManage ? (
                  <div>
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(c)} aria-label={`${t("needs.edit")} ${c.name}`}>
                      {t("needs.edit")}
                    </button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
          {list.data.meta.total > PER_PAGE ? (
            <Pagination label={t("needs.companies")} page={page} pages={Math.ceil(list.data.meta.total / PER_PAGE)} onPage={setPage} />
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function CompanyForm({ company, onDone, onCancel }: { company: TCompany | null; onDone: () => Promise<void>; onCancel: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const [d, setD] = useState<Draft>(company ? fromCompany(company) : empty);
  const create = useMutation(trpc.needs.createCompany.mutationOptions({ onSuccess: onDone }));
  const update = useMutation(trpc.needs.updateCompany.mutationOptions({ onSuccess: onDone }));
  const m = company ? update : create;
  const fields = m.error ? errorInfo(m.error).fields : {};
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setD({ ...d, [k]: e.target.value });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (company) update.mutate({ id: company.id, ...body(d) });
    else create.mutate(body(d));
  };
  return (
    <form className={`card ${styles.stack}`} onSubmit={onSubmit} aria-label={company ? t("needs.editCompany") : t("needs.newCompany")}>
      <h3>{company ? t("needs.editCompany") : t("needs.newCompany")}</h3>
      {m.isError ? <Alert kind="error">{errorMessage(m.error, t)}</Alert> : null}
      <div className={styles.grid2}>
        <TextField name="name" label={t("needs.companyName")} value={d.name} onChange={set("name")} required errors={fields.name} autoComplete="organization" />
        <TextField name="siret" label={t("needs.siret")} hint={t("needs.siretHint")} value={d.siret} onChange={set("siret")} errors={fields.siret} inputMode="numeric" />
        <TextField name="contactName" label={t("needs.contactName")} value={d.contactName} onChange={set("contactName")} errors={fields.contactName} />
        <TextField name="contactEmail" type="email" label={t("needs.contactEmail")} value={d.contactEmail} onChange={set("contactEmail")} errors={fields.contactEmail} />
        <TextField name="contactPhone" type="tel" label={t("needs.contactPhone")} value={d.contactPhone} onChange={set("contactPhone")} errors={fields.contactPhone} />
        <TextField name="opcoName" label={t("needs.opcoName")} value={d.opcoName} onChange={set("opcoName")} errors={fields.opcoName} />
      </div>
      <div className="form-actions">
        <SubmitButton pending={m.isPending} label={company ? t("needs.save") : t("needs.create")} disabled={!d.name.trim()} />
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t("needs.cancel")}
        </button>
      </div>
    </form>
  );
}
