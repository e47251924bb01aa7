import { clock } from "../../../lib/clock";
import { createHash, randomBytes, randomUUID, webcrypto } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { CryptoKeySigner } from "@libpdf/core";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { signPades } from "./pades";
import type { InvoiceSignature, InvoiceSigner } from "./types";

/**
 * The local invoice signer: PAdES B-B (SubFilter ETSI.CAdES.detached, SHA-256, RSA 2048) by
 * @libpdf/core, added as an incremental update. Its key and self-signed X.509 certificate are
 * made on first use (node:crypto's WebCrypto for the key, pkijs — the X.509/CMS library
 * @libpdf/core itself builds on — for the certificate) and kept in `dir`:
 *   key.p8  the PKCS#8 private key (mode 0600),  cert.der  the certificate.
 * Later uses (other processes included) read them back; concurrent first uses may each make a
 * pair, the rename makes one of them win and the others re-read it.
 * Self-signed, hence not trusted by PDF readers and NOT qualified: signatureLevel "ADES".
 */

const subtle = webcrypto.subtle as unknown as SubtleCrypto;
const KEY_ALGORITHM = { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" } as const;
const KEY_FILE = "key.p8";
const CERT_FILE = "cert.der";

let engineSet = false;
function engine(): void {
  if (engineSet) return;
  engineSet = true;
  pkijs.setEngine("node-webcrypto", new pkijs.CryptoEngine({ name: "node-webcrypto", crypto: webcrypto as unknown as Crypto }));
}

export type LocalSignerMaterial = { privateKey: CryptoKey; certificate: Uint8Array; fingerprint: string };

/** A new key pair and its self-signed certificate (10 years, digitalSignature + nonRepudiation). */
/**
 * A random 16-octet certificate serial number, positive and in minimal DER: its first octet is
 * 0x40–0x7f, so it carries no sign bit and is never a leading zero (a serial starting 0x00 0x00–0x7f
 * is "illegal padding" to OpenSSL and to strict signature validators, once in 256 certificates).
 */
export function certificateSerial(): asn1js.Integer {
  const serial = randomBytes(16);
  serial[0] = (serial[0]! & 0x3f) | 0x40;
  return new asn1js.Integer({ valueHex: serial });
}

async function makeMaterial(commonName: string): Promise<{ pkcs8: Uint8Array; certificate: Uint8Array }> {
  engine();
  const keys = (await subtle.generateKey(KEY_ALGORITHM, true, ["sign", "verify"])) as CryptoKeyPair;
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = certificateSerial();
  for (const names of [cert.issuer, cert.subject]) {
    names.typesAndValues.push(new pkijs.AttributeTypeAndValue({ type: "2.5.4.3", value: new asn1js.Utf8String({ value: commonName }) }));
  }
  const now = clock.now();
  cert.notBefore.value = new Date(now.getTime() - 60_000);
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + 10);
  cert.notAfter.value = notAfter;
  const basic = new pkijs.BasicConstraints({ cA: false });
  const usage = new asn1js.BitString({ valueHex: new Uint8Array([0xc0]).buffer }); // digitalSignature, nonRepudiation
  cert.extensions = [
    new pkijs.Extension({ extnID: "2.5.29.19", critical: true, extnValue: basic.toSchema().toBER(false), parsedValue: basic }),
    new pkijs.Extension({ extnID: "2.5.29.15", critical: true, extnValue: usage.toBER(false), parsedValue: usage }),
  ];
  await cert.subjectPublicKeyInfo.importKey(keys.publicKey);
  await cert.sign(keys.privateKey, "SHA-256");
  const certificate = new Uint8Array(cert.toSchema(true).toBER(false));
  const pkcs8 = new Uint8Array(await subtle.exportKey("pkcs8", keys.privateKey));
  return { pkcs8, certificate };
}

async function readMaterial(dir: string): Promise<{ pkcs8: Uint8Array; certificate: Uint8Array } | null> {
  try {
    const [pkcs8, certificate] = await Promise.all([readFile(path.join(dir, KEY_FILE)), readFile(path.join(dir, CERT_FILE))]);
    return { pkcs8: new Uint8Array(pkcs8), certificate: new Uint8Array(certificate) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Reads the key and certificate of `dir`, making them on first use. */
export async function loadOrCreateLocalSignerMaterial(dir: string, commonName = "Invoice signing – local self-signed certificate (not qualified)"): Promise<LocalSignerMaterial> {
  let material = await readMaterial(dir);
  if (!material) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const made = await makeMaterial(commonName);
    // The certificate is written first and the key last: a reader finding the key finds both.
    const tag = `${process.pid}-${randomUUID()}`;
    await writeFile(path.join(dir, `${CERT_FILE}.${tag}`), made.certificate, { mode: 0o644 });
    await writeFile(path.join(dir, `${KEY_FILE}.${tag}`), made.pkcs8, { mode: 0o600 });
    const existing = await readMaterial(dir);
    if (existing) material = existing;
    else {
      await rename(path.join(dir, `${CERT_FILE}.${tag}`), path.join(dir, CERT_FILE));
      await rename(path.join(dir, `${KEY_FILE}.${tag}`), path.join(dir, KEY_FILE));
      material = (await readMaterial(dir))!;
    }
  }
  const privateKey = await subtle.importKey("pkcs8", new Uint8Array(material.pkcs8), KEY_ALGORITHM, false, ["sign"]);
  const fingerprint = createHash("sha256").update(material.certificate).digest("hex");
  return { privateKey, certificate: material.certificate, fingerprint };
}

export class LocalInvoiceSigner implements InvoiceSigner {
  private material: Promise<LocalSignerMaterial> | null = null;

  constructor(private readonly dir: string) {}

  /** The key and certificate (made on the first call, then cached for the process). */
  materials(): Promise<LocalSignerMaterial> {
    this.material ??= loadOrCreateLocalSignerMaterial(this.dir).catch((error: unknown) => {
      this.material = null;
      throw error;
    });
    return this.material;
  }

  async sign(pdf: Uint8Array, info: { reason: string; signerName: string }): Promise<InvoiceSignature> {
    const { privateKey, certificate } = await this.materials();
    const bytes = await signPades(pdf, new CryptoKeySigner(privateKey, certificate, "RSA", "RSASSA-PKCS1-v1_5"), info);
    return { pdf: bytes, provider: "local", signatureLevel: "ADES", signatureId: `local-${randomUUID()}` };
  }
}
