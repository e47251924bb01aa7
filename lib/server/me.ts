import { TRPCError } from "@trpc/server";
import { cache } from "react";
import { serverCaller } from "./api-caller";

/** users.me for this tenant once per request; null when there is no valid session. */
export const getMe = cache(async (tenantSlug: string) => {
  try {
    return (await (await serverCaller(tenantSlug)).users.me({})).data;
  } catch (error) {
    if (error instanceof TRPCError && error.code === "UNAUTHORIZED") return null;
    throw error;
  }
});
