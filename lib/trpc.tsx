"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
import type { AppRouter } from "@/server/api/root";
import { errorInfo } from "./api-error";

const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();
export { useTRPC, useTRPCClient };

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // 4xx answers are final (forbidden, not found, validation): only retry the rest once.
        retry: (count, error) => count < 1 && (errorInfo(error).status ?? 500) >= 500,
      },
    },
  });
}

/**
 * The user's language (the root layout's `<html lang>`, from the locale cookie) as Accept-Language,
 * so that error messages and field errors come back worded in it (conventions §4).
 */
function languageHeader(): Record<string, string> {
  const lang = typeof document === "undefined" ? "" : document.documentElement.lang;
  return lang ? { "Accept-Language": lang } : {};
}

/**
 * React Query + tRPC for client components. `/api/trpc` on the same host, so the session
 * cookie and the tenant sub-domain travel with every call.
 */
export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: "/api/trpc", maxURLLength: 4000, headers: languageHeader })] }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
