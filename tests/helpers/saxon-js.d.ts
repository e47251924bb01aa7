// saxon-js ships no types: the part of its API the tests use.
declare module "saxon-js" {
  type TransformOptions = {
    stylesheetInternal?: unknown;
    stylesheetFileName?: string;
    stylesheetBaseURI?: string;
    sourceText?: string;
    sourceFileName?: string;
    sourceBaseURI?: string;
    destination?: "serialized" | "raw" | "document" | "application";
    stylesheetParams?: Record<string, unknown>;
  };
  const SaxonJS: {
    transform(options: TransformOptions, mode: "async"): Promise<{ principalResult: string }>;
    transform(options: TransformOptions, mode?: "sync"): { principalResult: string };
    getProcessorInfo(): { productVersion: string };
  };
  export default SaxonJS;
}
