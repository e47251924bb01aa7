"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useMe } from "@/components/shell/me-context";
import { useTenant } from "@/components/tenant-context";
import type { MessageKey } from "@/messages";
import { useT } from "@/lib/i18n/client";
import styles from "./billing-tabs.module.css";

/** `adminOnly`: the payments are ADMIN's (payments.manage); a financier does not see the tab. */
const TABS: { href: string; label: MessageKey; adminOnly?: boolean }[] = [
  { href: "/billing", label: "billingTabs.invoices" },
  { href: "/billing/clients", label: "billingTabs.clients" },
  { href: "/billing/payments", label: "billingTabs.payments", adminOnly: true },
  { href: "/bpf", label: "billingTabs.bpf" },
];

/** The finance workspace's sub-navigation (invoices, clients, payments, BPF), shared by its pages; the current page is marked aria-current. */
export function BillingTabs() {
  const t = useT();
  const tenant = useTenant();
  const me = useMe();
  const raw = usePathname();
  const path = raw.startsWith(`/${tenant.slug}/`) ? raw.slice(tenant.slug.length + 1) : raw;
  // "/billing" is current only on itself and its invoice pages, not under a sibling tab.
  const current = (href: string) =>
    href === "/billing" ? path === "/billing" || (path.startsWith("/billing/") && !TABS.some((x) => x.href !== "/billing" && path.startsWith(x.href))) : path === href || path.startsWith(`${href}/`);
  return (
    <nav aria-label={t("billingTabs.label")} className={styles.tabs}>
      <ul>
        {TABS.filter((tab) => !tab.adminOnly || me.role === "ADMIN").map((tab) => (
          <li key={tab.href}>
            <Link href={tab.href} aria-current={current(tab.href) ? "page" : undefined} className={styles.tab}>
              {t(tab.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
