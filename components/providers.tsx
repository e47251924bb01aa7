"use client";

import "@/lib/zod-csp";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/config";
import { I18nProvider } from "@/lib/i18n/client";
import { TRPCReactProvider } from "@/lib/trpc";

export function Providers({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <I18nProvider locale={locale}>
      <TRPCReactProvider>{children}</TRPCReactProvider>
    </I18nProvider>
  );
}
