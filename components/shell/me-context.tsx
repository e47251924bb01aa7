"use client";

import type { inferRouterOutputs } from "@trpc/server";
import { createContext, useContext, type ReactNode } from "react";
import type { AppRouter } from "@/server/api/root";

export type Me = inferRouterOutputs<AppRouter>["users"]["me"]["data"];

const MeContext = createContext<Me | null>(null);

export function MeProvider({ me, children }: { me: Me; children: ReactNode }) {
  return <MeContext.Provider value={me}>{children}</MeContext.Provider>;
}

/** The signed-in user with their role in this tenant (users.me, loaded by the shell). */
export function useMe(): Me {
  const me = useContext(MeContext);
  if (!me) throw new Error("useMe needs <MeProvider>");
  return me;
}
