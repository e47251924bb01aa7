/**
 * The file check of the public verification page (/verify/{code}): the file a visitor drops is
 * hashed in the browser with Web Crypto and compared with the SHA-256 recorded when the document
 * was issued. The bytes never leave the browser. Isomorphic (Node 20 has the same crypto.subtle).
 */

/** SHA-256 of the bytes, lower-case hex. */
export async function sha256Hex(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const digest = await globalThis.crypto.subtle.digest("SHA-256", data as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether the file is the one issued: same SHA-256, byte for byte. */
export async function isIssuedFile(bytes: ArrayBuffer | Uint8Array, issuedSha256: string): Promise<{ matches: boolean; sha256: string }> {
  const sha256 = await sha256Hex(bytes);
  return { matches: sha256 === issuedSha256.trim().toLowerCase(), sha256 };
}
