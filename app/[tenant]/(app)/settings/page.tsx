import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { getTranslator } from "@/lib/i18n/server";
import { getMe } from "@/lib/server/me";
import type { MessageKey } from "@/messages";
import styles from "./settings.module.css";

type Props = { params: Promise<{ tenant: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("settingsHub.title") };
}

type Entry = { href: string; title: MessageKey; description: MessageKey; roles: string[] };

/** The settings pages, each for the roles that may open it. */
const ENTRIES: Entry[] = [
  { href: "/settings/legal", title: "settingsHub.legal", description: "settingsHub.legalDesc", roles: ["ADMIN", "FINANCIER"] },
  { href: "/settings/branding", title: "settingsHub.branding", description: "settingsHub.brandingDesc", roles: ["ADMIN"] },
  { href: "/settings/mail", title: "settingsHub.mail", description: "settingsHub.mailDesc", roles: ["ADMIN", "CREATOR"] },
];

/** /settings: links to the organisation's settings pages the caller's role may open. */
export default async function SettingsPage({ params }: Props) {
  const { tenant } = await params;
  const [{ t }, me] = await Promise.all([getTranslator(), getMe(tenant)]);
  const entries = ENTRIES.filter((e) => me?.role && e.roles.includes(me.role));
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t("settingsHub.title")}</h1>
          <p>{t("settingsHub.intro")}</p>
        </div>
      </div>
      {entries.length === 0 ? <Alert kind="info">{t("settingsHub.none")}</Alert> : null}
      <ul className={styles.list}>
        {entries.map((e) => (
          <li key={e.href} className={`card ${styles.item}`}>
            <h2 className={styles.title}>
              <Link href={e.href}>{t(e.title)}</Link>
            </h2>
            <p className="muted">{t(e.description)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
