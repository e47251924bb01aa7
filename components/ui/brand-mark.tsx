import { initials, pageLogoSrc } from "@/lib/branding";
import styles from "./brand-mark.module.css";

/** Initials on the brand colour (decorative: the name is written next to it). */
export function Monogram({ text, small }: { text: string; small?: boolean }) {
  return (
    <span className={small ? `${styles.monogram} ${styles.small}` : styles.monogram} aria-hidden="true">
      {text}
    </span>
  );
}

/** The tenant's logo, or a monogram in its colour. The name is always written next to it, so the image is decorative. */
export function BrandMark({ name, logoUrl, small }: { name: string; logoUrl: string | null; small?: boolean }) {
  if (logoUrl) {
    // A plain <img>: tenant logos are arbitrary external URLs.
    return <img src={pageLogoSrc(logoUrl)} alt="" />;
  }
  return <Monogram text={initials(name)} small={small} />;
}
