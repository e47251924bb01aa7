import "csstype";

/**
 * The custom properties components set inline for values known only at render time (a progress
 * fill's width, a tenant's colour swatch); their CSS modules read them with var().
 */
declare module "csstype" {
  interface Properties {
    "--pct"?: string;
    "--swatch"?: string;
  }
}
