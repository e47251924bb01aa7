import { useTenantTimeZone } from "@/components/tenant-context";
import { useI18n } from "@/lib/i18n/client";

/** The BPF's number, money and date formats in the reader's locale and the tenant's time zone. */
export function useBpfFormat() {
  const { locale } = useI18n();
  const timeZone = useTenantTimeZone();
  return {
    money: (n: number) => new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(n),
    num: (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(n),
    date: (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: iso.length === 10 ? "UTC" : timeZone }).format(new Date(iso)),
    dateTime: (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone }).format(new Date(iso)),
  };
}
