"use client";

import { useEffect, useRef } from "react";

/**
 * Keeps the keyboard focus on an item's Move up / Move down buttons: when a move brings the
 * item to the first or last place, the button just used becomes disabled, so the focus goes to
 * the other one once the new position shows.
 */
export function useMoveFocus(index: number, count: number) {
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const pending = useRef<"up" | "down" | null>(null);
  useEffect(() => {
    if (!pending.current) return;
    if (pending.current === "up" && index === 0) downRef.current?.focus();
    if (pending.current === "down" && index === count - 1) upRef.current?.focus();
    pending.current = null;
  }, [index, count]);
  return { upRef, downRef, moved: (direction: "up" | "down") => void (pending.current = direction) };
}
