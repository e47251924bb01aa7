"use client";

import { useI18n } from "@/lib/i18n/client";
import type { TBpfInput } from "@/server/contracts/bpf";
import styles from "./bpf.module.css";

/** What the BPF still needs, each input named with a link to where it is entered (regenerate afterwards). */
export function MissingInputs({ inputs }: { inputs: TBpfInput[] }) {
  const { t } = useI18n();
  return (
    <div className={`card ${styles.missing}`} id="bpf-missing">
      <h3>{t("bpf.missingTitle")}</h3>
      {inputs.length === 0 ? (
        <p>{t("bpf.missingNone")}</p>
      ) : (
        <>
          <p>{t("bpf.missingIntro")}</p>
          <ul>
            {inputs.map((i) => (
              <li key={i.code}>
                <strong>
                  {t("bpf.frame")} {i.frame} — {t(`bpf.input_${i.code}`)}
                </strong>
                {i.items.length ? ` : ${i.items.map((x) => x.label).join(", ")}` : ""}{" "}
                <a href={i.href}>{t("bpf.enterIt")}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
