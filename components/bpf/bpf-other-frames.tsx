"use client";

import { useI18n } from "@/lib/i18n/client";
import type { TSnapshot } from "@/server/contracts/bpf";
import { useBpfFormat } from "./bpf-format";
import styles from "./bpf.module.css";

/** The frames entered by hand rather than counted: training share, charges (D), trainers (E), F-2, G, signatory (H). */
export function OtherFrames({ s }: { s: TSnapshot }) {
  const { t } = useI18n();
  const f = useBpfFormat();
  return (
    <div className="card">
      <h3>{t("bpf.frameOther")}</h3>
      <dl className={styles.frameList}>
        <div>
          <dt>{t("bpf.share")}</dt>
          <dd>{s.frames.c.trainingShare === null ? t("bpf.notEntered") : `${f.num(s.frames.c.trainingShare)} %`}</dd>
        </div>
        <div>
          <dt>{t("bpf.frameD")}</dt>
          <dd>{s.frames.d ? `${f.money(s.frames.d.totalCharges)} (${t("bpf.ofWhichSalaries")} ${f.money(s.frames.d.trainerSalaries)}, ${t("bpf.ofWhichPurchases")} ${f.money(s.frames.d.trainingPurchases)})` : t("bpf.notEntered")}</dd>
        </div>
        <div>
          <dt>{t("bpf.frameE1")}</dt>
          <dd>{t("bpf.peopleHours", { people: s.frames.e.internal.people, hours: f.num(s.frames.e.internal.hours) })}</dd>
        </div>
        <div>
          <dt>{t("bpf.frameE2")}</dt>
          <dd>{s.frames.e.external ? t("bpf.peopleHours", { people: s.frames.e.external.people, hours: f.num(s.frames.e.external.hours) }) : t("bpf.notEntered")}</dd>
        </div>
        <div>
          <dt>{t("bpf.frameF2")}</dt>
          <dd>{s.frames.f2 ? t("bpf.traineesHours", { trainees: s.frames.f2.trainees, hours: f.num(s.frames.f2.hours) }) : t("bpf.notEntered")}</dd>
        </div>
        <div>
          <dt>{t("bpf.frameG")}</dt>
          <dd>{s.frames.g ? t("bpf.traineesHours", { trainees: s.frames.g.trainees, hours: f.num(s.frames.g.hours) }) : t("bpf.notEntered")}</dd>
        </div>
        <div>
          <dt>{t("bpf.frameH")}</dt>
          <dd>
            {s.frames.h.directorName && s.frames.h.directorRole ? `${s.frames.h.directorName}, ${s.frames.h.directorRole}` : t("bpf.notEntered")}
            {s.frames.h.date ? ` — ${f.date(s.frames.h.date)}` : ""}
          </dd>
        </div>
      </dl>
    </div>
  );
}
