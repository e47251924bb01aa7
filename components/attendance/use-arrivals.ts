"use client";

import { useEffect, useRef, useState } from "react";

/**
 * Who became present since the previous poll (not on the first load): the ids to highlight and
 * one sentence for the aria-live region.
 */
export function useArrivals<T extends { userId: string }>(present: T[] | undefined, describe: (arrived: T[]) => string) {
  const known = useRef<Set<string> | null>(null);
  const [fresh, setFresh] = useState<Set<string>>(new Set());
  const [announcement, setAnnouncement] = useState("");
  const describeRef = useRef(describe);
  describeRef.current = describe;

  useEffect(() => {
    if (!present) return;
    const ids = new Set(present.map((p) => p.userId));
    if (known.current === null) {
      known.current = ids;
      return;
    }
    const arrived = present.filter((p) => !known.current!.has(p.userId));
    known.current = ids;
    if (arrived.length === 0) return;
    setFresh(new Set(arrived.map((a) => a.userId)));
    setAnnouncement(describeRef.current(arrived));
  }, [present]);

  return { fresh, announcement };
}
