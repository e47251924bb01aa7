import { initials, pageLogoSrc } from "@/lib/branding";

/** The tenant's logo, or a monogram in its colour. The name is always written next to it, so the image is decorative. */
export function BrandMark({ name, logoUrl, small }: { name: string; logoUrl: string | null; small?: boolean }) {
  if (logoUrl) {
    // A plain <img>: tenant logos are arbitrary external URLs.
    return <img src={pageLogoSrc(logoUrl)} alt="" />;
  }
  return (
    <span className={small ? "monogram monogram-sm" : "monogram"} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
