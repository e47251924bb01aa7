"use client";

import QRCode from "qrcode";
import { useEffect, useState } from "react";
import styles from "./attendance.module.css";

/** `value` drawn as a QR code (SVG, crisp at any size); `label` is its text alternative. */
export function QrImage({ value, label, dimmed }: { value: string; label: string; dimmed?: boolean }) {
  const [svg, setSvg] = useState<{ value: string; src: string } | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(value, { type: "svg", errorCorrectionLevel: "L", margin: 2, color: { dark: "#000000", light: "#ffffff" } })
      .then((markup) => {
        if (live) setSvg({ value, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}` });
      })
      .catch(() => {
        if (live) setSvg(null);
      });
    return () => {
      live = false;
    };
  }, [value]);
  if (!svg) return <div className={styles.qrPlaceholder} aria-hidden="true" />;
  return <img className={styles.qrImage} src={svg.src} alt={label} data-dimmed={dimmed || svg.value !== value ? true : undefined} />;
}
