"use client";

import { useMe } from "@/components/shell/me-context";
import { useT } from "@/lib/i18n/client";
import { ComplaintForm } from "./complaint-form";
import styles from "./quality.module.css";

/** "Faire une réclamation" from a signed-in member's menu: the form prefilled with the account's name and e-mail. */
export function LearnerComplaint() {
  const t = useT();
  const me = useMe();
  const name = `${me.firstName} ${me.lastName}`.trim();
  return (
    <div className={styles.formPage}>
      <h1>{t("complaintForm.titleSignedIn")}</h1>
      <ComplaintForm account={{ name, email: me.email }} />
    </div>
  );
}
