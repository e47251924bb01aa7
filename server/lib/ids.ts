import { randomBytes } from "node:crypto";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** Identifier `{prefix}_{24 lowercase alphanumerics}` (conventions §5). */
export function newId(prefix: IdPrefix): string {
  const bytes = randomBytes(24);
  let out = "";
  for (const b of bytes) out += ALPHABET[b % 36];
  return `${prefix}_${out}`;
}

export type IdPrefix =
  | "usr" | "ten" | "mbr" | "crs" | "mod" | "les" | "qst" | "enr" | "ses" | "slt" | "emg"
  | "pay" | "ref" | "inv" | "cli" | "cpl" | "cmt" | "imp" | "act" | "apt" | "aud" | "wh"
  | "dlv" | "evt" | "tpl" | "mcf" | "nda" | "cmp" | "key" | "rtk" | "inv_t" | "rst" | "fnd"
  | "mail" | "ext" | "req" | "qqn" | "med" | "prg" | "qat" | "ctr" | "cpt" | "aic" | "doc" | "tfd" | "rmd" | "csh" | "ntf" | "lap"
  | "svi" | "svr" | "vrf" | "cnv" | "cnvv";

/** Random URL-safe secret of `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}
