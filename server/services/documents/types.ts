import type { SheetPdfInput } from "../attendance/sheet/sheet-document";

/**
 * The document types the render pool knows, each with the input its component takes (plain
 * data: it is copied to the worker thread). A new document: its input here, its component in
 * registry.tsx.
 */
export type DocumentInputs = {
  "attendance-sheet": SheetPdfInput;
};

export type DocumentType = keyof DocumentInputs;
