"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { LanguageSwitcher } from "@/components/ui/language-switcher";
import { initials } from "@/lib/branding";
import { useT } from "@/lib/i18n/client";
import { useMe } from "./me-context";
import styles from "./shell.module.css";

/** Avatar button opening profile, language and sign-out. Escape or a click outside closes it. */
export function UserMenu() {
  const t = useT();
  const me = useMe();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const name = `${me.firstName} ${me.lastName}`.trim() || me.email;

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  return (
    <div className={styles.userMenu} ref={root}>
      <button
        ref={button}
        type="button"
        className={styles.userMenuButton}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={me.role ? t("shell.userMenuRole", { name, role: t(`roles.${me.role}`) }) : t("shell.userMenu", { name })}
        onClick={() => setOpen((v) => !v)}
      >
        {/* The initials are drawn by CSS: text here would be visible words missing from the button's name (WCAG 2.5.3). */}
        <span className={styles.avatar} data-initials={initials(name)} aria-hidden="true" />
        <span className={styles.userMenuName} aria-hidden="true">
          <span>{name}</span>{" "}
          {me.role ? <small>{t(`roles.${me.role}`)}</small> : null}
        </span>
      </button>
      {open ? (
        <div className={styles.userMenuPanel} id={panelId}>
          <div className={`muted ${styles.userMenuEmail}`}>
            {me.email}
          </div>
          <Link href="/profile" onClick={() => setOpen(false)}>
            {t("shell.profile")}
          </Link>
          {me.role === "ADMIN" || me.role === "CREATOR" ? (
            <Link href="/settings/mail" onClick={() => setOpen(false)}>
              {t("mailSettings.menuLink")}
            </Link>
          ) : null}
          <div className={styles.userMenuSection}>
            <span>{t("common.language")}</span>
            <LanguageSwitcher />
          </div>
          <SignOutButton className={styles.menuItem} />
        </div>
      ) : null}
    </div>
  );
}
