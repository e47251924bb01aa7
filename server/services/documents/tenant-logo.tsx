import { Image } from "@react-pdf/renderer";
import type { ComponentProps } from "react";

type ImageStyle = Exclude<ComponentProps<typeof Image>["style"], unknown[] | undefined>;

/** The one size of the tenant's logo on every document: 32 pt high, at most 120 pt wide, its proportions kept, against the left margin. */
const LOGO_STYLE: ImageStyle = { height: 32, maxWidth: 120, objectFit: "contain", objectPosition: "left" };

/**
 * The tenant's logo in a document's header (tenants/logo.ts `tenantLogoDataUrl`, a PNG or JPEG
 * data URL, flattened onto white); nothing without one, so the header shows the display name
 * alone. `style`: its margins in the document's layout.
 */
export function TenantLogo({ src, style }: { src: string | null | undefined; style?: ImageStyle }) {
  return src ? <Image src={src} style={{ ...LOGO_STYLE, ...style }} /> : null;
}
