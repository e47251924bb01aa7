"use client";

import type { FormEvent, ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import styles from "./settings-form.module.css";

/** A settings page: its title and intro above the form, or the refusal alone for a role that may not see it. */
export function SettingsPage({ title, intro, forbidden, children }: { title: string; intro: string; forbidden?: string; children?: ReactNode }) {
  if (forbidden) {
    return (
      <>
        <h1>{title}</h1>
        <Alert kind="error">{forbidden}</Alert>
      </>
    );
  }
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{title}</h1>
          <p>{intro}</p>
        </div>
      </div>
      {children}
    </>
  );
}

/** What the last save did, announced: kept mounted while the form below is re-rendered or remounted. */
export function SettingsStatus({ message }: { message: string | null }) {
  return (
    <div role="status" aria-live="polite">
      {message ? <Alert kind="success">{message}</Alert> : null}
    </div>
  );
}

/** The sections of a settings screen, one under the other: a form (no browser validation) when one submit saves them all. */
export function SettingsStack({ onSubmit, describedBy, children }: { onSubmit?: (e: FormEvent) => void; describedBy?: string; children: ReactNode }) {
  return onSubmit ? (
    <form className={styles.stack} onSubmit={onSubmit} noValidate aria-describedby={describedBy}>
      {children}
    </form>
  ) : (
    <div className={styles.stack}>{children}</div>
  );
}

/** A card with its heading; with `onSubmit` it is a form of its own (with its own save bar). `grid` lays the fields out in two columns on wide screens. */
export function SettingsSection({ id, title, grid, onSubmit, children }: { id: string; title: string; grid?: boolean; onSubmit?: (e: FormEvent) => void; children: ReactNode }) {
  const body = (
    <>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {grid ? <div className={styles.grid}>{children}</div> : children}
    </>
  );
  return onSubmit ? (
    <form className={`card ${styles.section}`} onSubmit={onSubmit} noValidate aria-labelledby={id}>
      {body}
    </form>
  ) : (
    <section className={`card ${styles.section}`} aria-labelledby={id}>
      {body}
    </section>
  );
}

/** The save button of a settings form. */
export function SettingsSaveBar({ pending, label, disabled }: { pending: boolean; label: string; disabled?: boolean }) {
  return (
    <div className="form-actions">
      <SubmitButton pending={pending} label={label} disabled={disabled} />
    </div>
  );
}

/** The grid of a section: a line or field across both columns. */
export const settingsFull = styles.full;
/** A file input with its remove button; the stored image under it. */
export const settingsFileRow = styles.fileRow;
export const settingsImage = styles.image;
