"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { SelectField } from "@/components/ui/select-field";
import { Loading } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { useBpfFormat } from "./bpf-format";
import { BpfInputs } from "./bpf-inputs";
import { YearPanel } from "./bpf-year-panel";
import styles from "./bpf.module.css";

/** ADMIN and FINANCIER: the live current year, a year's snapshot with every figure linked to its records, generate, CSV/PDF, submission. */
export function BpfView() {
  const { t } = useI18n();
  const me = useMe();
  if (me.role !== "ADMIN" && me.role !== "FINANCIER") {
    return (
      <>
        <h1>{t("bpf.title")}</h1>
        <Alert kind="error">{t("bpf.forbidden")}</Alert>
      </>
    );
  }
  return <Workspace />;
}

function Workspace() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const f = useBpfFormat();
  const live = useQuery(trpc.bpf.currentYear.queryOptions({}));
  const current = live.data?.data.year ?? new Date().getFullYear();
  const [year, setYear] = useState<number | null>(null);
  const shown = year ?? current - 1;
  const years = Array.from({ length: 6 }, (_, i) => current - i);
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t("bpf.title")}</h1>
          <p>{t("bpf.intro")}</p>
        </div>
      </div>
      <section className={`card ${styles.live}`} aria-labelledby="bpf-live">
        <h2 id="bpf-live">{t("bpf.live", { year: current })}</h2>
        {live.isPending ? <Loading /> : null}
        {live.isError ? <Alert kind="error">{errorMessage(live.error, t)}</Alert> : null}
        {live.data ? (
          <>
            <dl className={styles.totals}>
              <div>
                <dt>{t("bpf.trainees")}</dt>
                <dd>{f.num(live.data.data.totalTrainees)}</dd>
              </div>
              <div>
                <dt>{t("bpf.hours")}</dt>
                <dd>{f.num(live.data.data.totalHours)}</dd>
              </div>
              <div>
                <dt>{t("bpf.revenue")}</dt>
                <dd>{f.money(live.data.data.totalRevenueHT)}</dd>
              </div>
            </dl>
            <p className="muted">{t("bpf.liveAsOf", { date: f.dateTime(live.data.data.asOf) })}</p>
          </>
        ) : null}
      </section>
      <div className={styles.toolbar}>
        <SelectField name="year" label={t("bpf.year")} value={String(shown)} onChange={(e) => setYear(Number(e.target.value))} options={years.map((y) => ({ value: String(y), label: String(y) }))} />
      </div>
      <YearPanel key={shown} year={shown} />
      <BpfInputs year={shown} />
    </>
  );
}
