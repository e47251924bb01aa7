import type { ReactNode } from "react";
import styles from "./alert.module.css";

/** Errors are announced at once (role="alert"); successes and notes politely (role="status"). */
export function Alert({ kind, children, id }: { kind: "error" | "success" | "info"; children: ReactNode; id?: string }) {
  return (
    <div id={id} className={`${styles.alert} ${styles[`alert-${kind}`]}`} role={kind === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}
