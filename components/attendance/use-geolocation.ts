"use client";

import { useCallback, useRef, useState } from "react";

export type GeoPoint = { lat: number; lng: number; accuracy?: number };
export type GeoState = "off" | "asking" | "on" | "denied" | "unsupported";

/**
 * Optional position for a signature: asked only when the person opts in, never awaited for
 * long (`current()` waits at most `maxWaitMs` for a pending answer, then signs without it).
 */
export function useGeolocation() {
  const [state, setState] = useState<GeoState>(() => (typeof navigator !== "undefined" && !("geolocation" in navigator) ? "unsupported" : "off"));
  const point = useRef<GeoPoint | null>(null);
  const pending = useRef<Promise<void> | null>(null);

  const enable = useCallback(() => {
    if (typeof navigator === "undefined" || !navigator.geolocation) return setState("unsupported");
    setState("asking");
    pending.current = new Promise<void>((resolve) => {
      navigator.geolocation.getCurrentPosition(
        (pos) => {
          point.current = { lat: pos.coords.latitude, lng: pos.coords.longitude, accuracy: Math.round(pos.coords.accuracy) };
          setState("on");
          resolve();
        },
        () => {
          point.current = null;
          setState("denied");
          resolve();
        },
        { enableHighAccuracy: false, timeout: 8000, maximumAge: 120_000 },
      );
    });
  }, []);

  const disable = useCallback(() => {
    point.current = null;
    pending.current = null;
    setState("off");
  }, []);

  const current = useCallback(async (maxWaitMs = 1500): Promise<GeoPoint | undefined> => {
    if (pending.current && !point.current) await Promise.race([pending.current, new Promise((r) => setTimeout(r, maxWaitMs))]);
    return point.current ?? undefined;
  }, []);

  return { state, enable, disable, current };
}
