// The part of pdfkit (a dependency of @react-pdf/renderer, no types of its own) that server/framework-internals.ts (reuseEmbeddedFonts) wraps.
declare module "pdfkit" {
  export default class PDFDocument {
    constructor(options?: Record<string, unknown>);
    font(src: unknown, family?: unknown, size?: number): this;
    fontSize(size: number): this;
  }
}
