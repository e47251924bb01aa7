import path from "node:path";
import { env } from "../../env";
import { localDiskStorage, type MediaStorage } from "../media/storage";

let override: MediaStorage | null = null;
const byRoot = new Map<string, MediaStorage>();

/**
 * Where generated documents' bytes live: the media storage adapter's directory style, under
 * `MEDIA_DIR/documents`, keys `{tenantId}/{documentId}` (built by the service, never from input).
 */
export function documentStorage(): MediaStorage {
  if (override) return override;
  const root = path.join(env().MEDIA_DIR, "documents");
  let s = byRoot.get(root);
  if (!s) {
    s = localDiskStorage(root);
    byRoot.set(root, s);
  }
  return s;
}

export function setDocumentStorage(storage: MediaStorage | null): void {
  override = storage;
}

export const documentKey = (tenantId: string, documentId: string) => `${tenantId}/${documentId}`;
