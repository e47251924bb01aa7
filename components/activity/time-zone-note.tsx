"use client";

import { useTenantTimeZone } from "@/components/tenant-context";
import { useT } from "@/lib/i18n/client";
import { timeZoneCity } from "@/lib/i18n/format";

/** "Heure de Paris (fuseau de l'organisme)": the zone the log's times are printed in, whatever the device's. */
export function TimeZoneNote() {
  const t = useT();
  const zone = useTenantTimeZone();
  return (
    <p className="muted" data-testid="time-zone-note">
      {t("auditLog.timeZoneNote", { zone: timeZoneCity(zone) })}
    </p>
  );
}
