import { TRPCError } from "@trpc/server";
import { notFound } from "next/navigation";
import { cache } from "react";
import { serverCaller } from "./api-caller";

export type TenantProfile = {
  id: string;
  slug: string;
  name: string;
  authMode: "PASSWORD" | "HEADLESS";
  status: "ACTIVE" | "SUSPENDED";
  /** IANA zone of every time shown on the tenant's screens (Europe/Paris by default). */
  timeZone: string;
  branding: { displayName: string | null; primaryColor: string | null; logoUrl: string | null };
};

/** The tenant's public profile (tenants.publicProfile) once per request; unknown tenant -> the 404 page. */
export const getTenantProfile = cache(async (slug: string): Promise<TenantProfile> => {
  try {
    const { data } = await (await serverCaller()).tenants.publicProfile({ id: slug });
    return data;
  } catch (error) {
    if (error instanceof TRPCError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
});

/** The name to show: the branding's display name, else the tenant name. */
export const displayNameOf = (t: TenantProfile) => t.branding.displayName || t.name;
