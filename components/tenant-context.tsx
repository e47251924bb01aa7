"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { TenantProfile } from "@/lib/server/tenant";

const TenantContext = createContext<TenantProfile | null>(null);

export function TenantProvider({ tenant, children }: { tenant: TenantProfile; children: ReactNode }) {
  return <TenantContext.Provider value={tenant}>{children}</TenantContext.Provider>;
}

/** The tenant of the current sub-domain (inside app/[tenant]). */
export function useTenant(): TenantProfile {
  const tenant = useContext(TenantContext);
  if (!tenant) throw new Error("useTenant needs <TenantProvider>");
  return tenant;
}

/** The zone in which this tenant's screens print times, whatever the browser's own zone. */
export function useTenantTimeZone(): string {
  return useContext(TenantContext)?.timeZone ?? "Europe/Paris";
}
