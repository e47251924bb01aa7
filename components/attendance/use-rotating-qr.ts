"use client";

import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorInfo } from "@/lib/api-error";
import { useTRPC } from "@/lib/trpc";

export type LiveQr = { qrToken: string; signUrl: string; expiresAt: number; issuedAt: number; refreshAt: number };

/** Share of the token's life after which a fresh one is asked for (the old one stays valid meanwhile). */
const REFRESH_AT = 0.8;
const RETRY_MS = 15_000;

/**
 * The session's current QR token (qualiopiAttendance.qrGenerate), renewed at 80 % of its life
 * and as soon as it has been used: tokens sign once, so a new QR signature in the roster
 * (`qrSignatures` grows) means the code on screen is spent.
 */
export function useRotatingQr(sessionId: string, { enabled, qrSignatures }: { enabled: boolean; qrSignatures: number | undefined }) {
  const trpc = useTRPC();
  const generate = useMutation(trpc.qualiopiAttendance.qrGenerate.mutationOptions());
  const [qr, setQr] = useState<LiveQr | null>(null);
  const [error, setError] = useState<unknown>(null);
  const inFlight = useRef(false);
  const latestCount = useRef(qrSignatures);
  const countAtIssue = useRef(0);
  latestCount.current = qrSignatures;
  const { mutate } = generate;

  const refresh = useCallback(() => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutate(
      { sessionId },
      {
        onSuccess: ({ data }) => {
          const issuedAt = Date.now();
          const expiresAt = Date.parse(data.expiresAt);
          const ttl = Math.max(5_000, expiresAt - issuedAt);
          countAtIssue.current = latestCount.current ?? 0;
          setError(null);
          setQr({ qrToken: data.qrToken, signUrl: data.signUrl, expiresAt, issuedAt, refreshAt: issuedAt + ttl * REFRESH_AT });
        },
        onError: (e) => setError(e),
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  }, [mutate, sessionId]);

  const ready = enabled && qrSignatures !== undefined;
  // First code once the roster is known (so earlier QR signatures are not mistaken for this code's use).
  useEffect(() => {
    if (ready && !qr && !error) refresh();
  }, [ready, qr, error, refresh]);

  // Renewal before expiry.
  useEffect(() => {
    if (!enabled || !qr) return;
    const id = setTimeout(refresh, Math.max(0, qr.refreshAt - Date.now()));
    return () => clearTimeout(id);
  }, [enabled, qr, refresh]);

  // Renewal after use.
  useEffect(() => {
    if (enabled && qr && qrSignatures !== undefined && qrSignatures > countAtIssue.current) refresh();
  }, [enabled, qr, qrSignatures, refresh]);

  // After a failure, try again later unless the answer is final (not allowed, not found).
  useEffect(() => {
    if (!enabled || !error) return;
    const status = errorInfo(error).status;
    if (status === 403 || status === 404) return;
    const id = setTimeout(refresh, RETRY_MS);
    return () => clearTimeout(id);
  }, [enabled, error, refresh]);

  return { qr, error, isRefreshing: generate.isPending, refresh };
}
