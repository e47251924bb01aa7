import { webcrypto } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { certificateSerial } from "../../server/services/billing/signer/local";

/**
 * A throwaway self-signed TLS certificate and key (PEM) for a local fake server, made in Node
 * (WebCrypto for the RSA key, pkijs for the X.509 certificate) instead of `openssl req -x509`.
 * The certificate names the host as its CN and in subjectAltName (IP or DNS).
 */
export async function selfSignedTls(host = "127.0.0.1", days = 1): Promise<{ key: string; cert: string }> {
  const crypto = webcrypto as unknown as Crypto;
  const engine = new pkijs.CryptoEngine({ name: "self-signed", crypto });
  const algorithm = { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" };
  const keys = (await crypto.subtle.generateKey(algorithm, true, ["sign", "verify"])) as CryptoKeyPair;
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = certificateSerial();
  for (const name of [cert.issuer, cert.subject]) name.typesAndValues.push(new pkijs.AttributeTypeAndValue({ type: "2.5.4.3", value: new asn1js.Utf8String({ value: host }) }));
  const now = Date.now();
  cert.notBefore.value = new Date(now - 60_000);
  cert.notAfter.value = new Date(now + days * 86_400_000);
  const ip = /^\d+\.\d+\.\d+\.\d+$/.test(host);
  const altNames = new pkijs.GeneralNames({
    names: [ip ? new pkijs.GeneralName({ type: 7, value: new asn1js.OctetString({ valueHex: new Uint8Array(host.split(".").map(Number)).buffer }) }) : new pkijs.GeneralName({ type: 2, value: host })],
  });
  cert.extensions = [new pkijs.Extension({ extnID: "2.5.29.17", critical: false, extnValue: altNames.toSchema().toBER(false) })];
  await cert.subjectPublicKeyInfo.importKey(keys.publicKey, engine);
  await cert.sign(keys.privateKey, "SHA-256", engine);
  const pem = (label: string, der: ArrayBuffer) =>
    `-----BEGIN ${label}-----\n${Buffer.from(der)
      .toString("base64")
      .replace(/(.{64})/g, "$1\n")
      .replace(/\n$/, "")}\n-----END ${label}-----\n`;
  return { key: pem("PRIVATE KEY", await crypto.subtle.exportKey("pkcs8", keys.privateKey)), cert: pem("CERTIFICATE", cert.toSchema(true).toBER(false)) };
}
