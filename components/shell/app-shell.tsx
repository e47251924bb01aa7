"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { useTenant } from "@/components/tenant-context";
import { BrandMark } from "@/components/ui/brand-mark";
import { useT } from "@/lib/i18n/client";
import { useMe } from "./me-context";
import { NAV_BY_ROLE } from "./navigation";
import { NotificationBell } from "./notification-bell";
import { UserMenu } from "./user-menu";
import styles from "./shell.module.css";

/** Signed-in layout: header (tenant identity, menu button on phones, user menu), role navigation, content. */
export function AppShell({ children }: { children: ReactNode }) {
  const t = useT();
  const tenant = useTenant();
  const me = useMe();
  const rawPath = usePathname();
  // The visible URL has no tenant prefix; strip it if the rewritten path shows through.
  const path = rawPath.startsWith(`/${tenant.slug}/`) || rawPath === `/${tenant.slug}` ? rawPath.slice(tenant.slug.length + 1) || "/" : rawPath;
  const [navOpen, setNavOpen] = useState(false);
  useEffect(() => setNavOpen(false), [path]);
  const items = me.role ? NAV_BY_ROLE[me.role] : [];
  const name = tenant.branding.displayName || tenant.name;

  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        {t("common.skipToContent")}
      </a>
      <header className={styles.shellHeader}>
        <button
          type="button"
          className={`btn btn-ghost btn-sm ${styles.navToggle}`}
          aria-expanded={navOpen}
          aria-controls="main-nav"
          onClick={() => setNavOpen((v) => !v)}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            {navOpen ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
          <span className="visually-hidden">{navOpen ? t("shell.closeNav") : t("shell.openNav")}</span>
        </button>
        <Link href="/" className={styles.shellBrand} data-logo={tenant.branding.logoUrl ? "" : undefined}>
          <BrandMark name={name} logoUrl={tenant.branding.logoUrl} small />
          <span className={styles.shellBrandName}>{name}</span>
        </Link>
        <div className={styles.shellSpacer} />
        {me.role ? <NotificationBell /> : null}
        <UserMenu />
      </header>
      <nav id="main-nav" className={styles.shellNav} aria-label={t("shell.mainNav")} data-open={navOpen}>
        <ul>
          {items.map((item) => {
            const current = item.href === "/" ? path === "/" : path === item.href || path.startsWith(`${item.href}/`);
            return (
              <li key={item.href}>
                <Link href={item.href} aria-current={current ? "page" : undefined}>
                  {t(item.label)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <main id="main" className={styles.shellMain} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
