import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { unzipSync } from "fflate";

/**
 * ZIP files read with fflate (npm), synchronously, instead of Debian's unzip. Entries come in the
 * order of the central directory, as `unzip -Z1` lists them (folders as "name/").
 */
export function zipEntries(zip: Uint8Array): { name: string; data: Buffer }[] {
  const order: string[] = [];
  const files = unzipSync(new Uint8Array(zip.buffer, zip.byteOffset, zip.byteLength), {
    filter: (file) => {
      order.push(file.name);
      return true;
    },
  });
  return order.map((name) => ({ name, data: Buffer.from(files[name] ?? new Uint8Array()) }));
}

/** The entry names (`unzip -Z1`). */
export const zipNames = (zip: Uint8Array): string[] => zipEntries(zip).map((e) => e.name);

/** One entry's bytes (`unzip -p zip name`); throws when there is no such entry. */
export function zipEntry(zip: Uint8Array, name: string): Buffer {
  const entry = zipEntries(zip).find((e) => e.name === name);
  if (!entry) throw new Error(`no entry ${name} in the ZIP`);
  return entry.data;
}

/** Extracts every entry under `dir` (`unzip -o zip -d dir`), refusing names that leave it. */
export function unzipTo(zip: Uint8Array, dir: string): void {
  const root = path.resolve(dir);
  for (const { name, data } of zipEntries(zip)) {
    const target = path.resolve(root, name);
    if (target !== root && !target.startsWith(root + path.sep)) throw new Error(`ZIP entry ${name} leaves the target folder`);
    if (name.endsWith("/")) mkdirSync(target, { recursive: true });
    else {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, data);
    }
  }
}
