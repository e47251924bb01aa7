import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { env } from "../../env";

/**
 * Where media bytes live. The database keeps the record (media table) and a storage key;
 * adapters keep the bytes. The local-disk adapter is the default (MEDIA_DIR); another adapter
 * (object storage) implements the same three calls.
 */
export interface MediaStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** A stream of the bytes, or null when the key holds nothing. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}

/** Keys are `{tenantId}/{mediaId}`: built by the service, never from user input. */
const KEY = /^[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+$/;

function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid media storage key: ${key}`);
  return key;
}

export function localDiskStorage(root: string): MediaStorage {
  const base = path.resolve(root);
  const file = (key: string) => path.join(base, ...checkedKey(key).split("/"));
  return {
    async put(key, data) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, data, { mode: 0o640 });
      await rename(tmp, target);
    },
    async open(key) {
      const target = file(key);
      const info = await stat(target).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(target), size: info.size };
    },
    async remove(key) {
      await rm(file(key), { force: true });
    },
  };
}

let override: MediaStorage | null = null;
const byRoot = new Map<string, MediaStorage>();

/** The configured adapter: an override if one was set, else local disk under MEDIA_DIR. */
export function mediaStorage(): MediaStorage {
  if (override) return override;
  const root = env().MEDIA_DIR;
  let s = byRoot.get(root);
  if (!s) {
    s = localDiskStorage(root);
    byRoot.set(root, s);
  }
  return s;
}

/** Plug another adapter in (or null to go back to local disk). */
export function setMediaStorage(storage: MediaStorage | null): void {
  override = storage;
}
