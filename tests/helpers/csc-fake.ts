import { createPrivateKey, privateEncrypt, randomBytes, constants, webcrypto } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { certificateSerial } from "../../server/services/billing/signer/local";

/**
 * A local stand-in for a qualified trust service provider's Cloud Signature Consortium API v2
 * (the parts server/services/billing/signer/csc.ts calls), on 127.0.0.1 over plain HTTP:
 * - `POST /csc/v2/info` (no auth): name, authType ["oauth2client"], oauth2 (this server);
 * - `POST /oauth2/token` (form: grant_type=client_credentials, client_id, client_secret): a bearer
 *   token, or 401 invalid_client for a wrong secret;
 * - `POST /csc/v2/credentials/list`, `POST /csc/v2/credentials/info` (bearer): the credential's
 *   chain (leaf then CA, base64 DER), key {status, algo, len}, SCAL "2";
 * - `POST /csc/v2/credentials/authorize` (bearer; PIN when configured): a SAD bound to the hashes;
 * - `POST /csc/v2/signatures/signHash` (bearer, SAD used once, for those hashes only): the
 *   RSASSA-PKCS1-v1_5 signature of each SHA-256 hash (DigestInfo + private-key operation).
 * It holds an RSA key pair made with WebCrypto and its certificate (pkijs), issued by its own CA.
 * Errors are CSC-style `{error, error_description}` with 400 / 401. Every call is recorded.
 */
export type CscFake = {
  url: string;
  clientId: string;
  clientSecret: string;
  credentialId: string;
  pin: string;
  /** The signer certificate's common name (the PDF's signature names it). */
  commonName: string;
  /** DER of the signer's certificate. */
  certificate: Uint8Array;
  calls: { path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
};

const SHA256_OID = "2.16.840.1.101.3.4.2.1";
const SHA256_DIGEST_INFO = Buffer.from("3031300d060960864801650304020105000420", "hex");
const ALGO = { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" } as const;

async function certificate(engine: pkijs.CryptoEngine, subject: string, issuer: string, publicKey: CryptoKey, signingKey: CryptoKey, ca: boolean): Promise<Uint8Array> {
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = certificateSerial();
  cert.issuer.typesAndValues.push(new pkijs.AttributeTypeAndValue({ type: "2.5.4.3", value: new asn1js.Utf8String({ value: issuer }) }));
  cert.subject.typesAndValues.push(new pkijs.AttributeTypeAndValue({ type: "2.5.4.3", value: new asn1js.Utf8String({ value: subject }) }));
  cert.notBefore.value = new Date(Date.now() - 60_000);
  cert.notAfter.value = new Date(Date.now() + 365 * 86_400_000);
  const basic = new pkijs.BasicConstraints({ cA: ca });
  const usage = new asn1js.BitString({ valueHex: new Uint8Array([ca ? 0x06 : 0xc0]).buffer }); // keyCertSign+cRLSign, or digitalSignature+nonRepudiation
  cert.extensions = [
    new pkijs.Extension({ extnID: "2.5.29.19", critical: true, extnValue: basic.toSchema().toBER(false), parsedValue: basic }),
    new pkijs.Extension({ extnID: "2.5.29.15", critical: true, extnValue: usage.toBER(false), parsedValue: usage }),
  ];
  await cert.subjectPublicKeyInfo.importKey(publicKey, engine);
  await cert.sign(signingKey, "SHA-256", engine);
  return new Uint8Array(cert.toSchema(true).toBER(false));
}

export async function startCscFake(opts: { clientSecret?: string; pin?: string } = {}): Promise<CscFake> {
  const crypto = webcrypto as unknown as Crypto;
  const engine = new pkijs.CryptoEngine({ name: "csc-fake", crypto });
  const caKeys = (await crypto.subtle.generateKey(ALGO, true, ["sign", "verify"])) as CryptoKeyPair;
  const keys = (await crypto.subtle.generateKey(ALGO, true, ["sign", "verify"])) as CryptoKeyPair;
  const commonName = "Organisme Démo — signature qualifiée (CSC fake)";
  const caDer = await certificate(engine, "CSC fake qualified CA", "CSC fake qualified CA", caKeys.publicKey, caKeys.privateKey, true);
  const leafDer = await certificate(engine, commonName, "CSC fake qualified CA", keys.publicKey, caKeys.privateKey, false);
  const privateKey = createPrivateKey({ key: Buffer.from(await crypto.subtle.exportKey("pkcs8", keys.privateKey)), format: "der", type: "pkcs8" });

  const clientId = "tp-invoices";
  const clientSecret = opts.clientSecret ?? "csc-secret";
  const pin = opts.pin ?? "123456";
  const credentialId = "cred-qualified-1";
  const tokens = new Set<string>();
  const sads = new Map<string, { hashes: string[]; used: boolean }>();
  const calls: CscFake["calls"] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const path = (req.url ?? "/").split("?")[0]!;
      const form = (req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");
      let body: Record<string, unknown> = {};
      try {
        body = form ? Object.fromEntries(new URLSearchParams(raw)) : raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return send(400, { error: "invalid_request", error_description: "Malformed JSON" });
      }
      calls.push({ path, body });
      function send(status: number, json: unknown) {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(json));
      }
      const bearer = () => {
        const auth = req.headers.authorization ?? "";
        const t = /^Bearer (.+)$/.exec(auth)?.[1];
        if (!t || !tokens.has(t)) {
          send(401, { error: "invalid_token", error_description: "The access token is not valid" });
          return false;
        }
        return true;
      };
      const credentialOk = () => {
        if (body.credentialID !== credentialId) {
          send(400, { error: "invalid_request", error_description: "Invalid parameter credentialID" });
          return false;
        }
        return true;
      };
      if (req.method !== "POST") return send(405, { error: "invalid_request", error_description: "POST only" });
      switch (path) {
        case "/csc/v2/info":
          return send(200, { specs: "2.0.0.2", name: "CSC fake QTSP", logo: "", region: "FR", lang: "fr", description: "Local CSC v2 fake", authType: ["oauth2client"], oauth2: base(), methods: ["auth/login", "credentials/list", "credentials/info", "credentials/authorize", "signatures/signHash"] });
        case "/oauth2/token": {
          if (body.grant_type !== "client_credentials") return send(400, { error: "unsupported_grant_type", error_description: "client_credentials only" });
          if (body.client_id !== clientId || body.client_secret !== clientSecret) return send(401, { error: "invalid_client", error_description: "Client authentication failed" });
          const t = randomBytes(18).toString("base64url");
          tokens.add(t);
          return send(200, { access_token: t, token_type: "Bearer", expires_in: 3600 });
        }
        case "/csc/v2/credentials/list":
          if (!bearer()) return;
          return send(200, { credentialIDs: [credentialId] });
        case "/csc/v2/credentials/info":
          if (!bearer() || !credentialOk()) return;
          return send(200, {
            description: "Qualified e-seal of the demo organisation",
            key: { status: "enabled", algo: ["1.2.840.113549.1.1.11", "1.2.840.113549.1.1.1"], len: 2048 },
            cert: {
              status: "valid",
              certificates: body.certificates === "none" ? [] : body.certificates === "single" ? [Buffer.from(leafDer).toString("base64")] : [Buffer.from(leafDer).toString("base64"), Buffer.from(caDer).toString("base64")],
              issuerDN: "CN=CSC fake qualified CA",
              subjectDN: `CN=${commonName}`,
            },
            authMode: "explicit",
            PIN: { presence: "true", format: "N", label: "PIN" },
            multisign: 1,
            SCAL: "2",
            lang: "fr",
          });
        case "/csc/v2/credentials/authorize": {
          if (!bearer() || !credentialOk()) return;
          if (body.PIN !== pin) return send(400, { error: "invalid_pin", error_description: "The PIN is invalid" });
          const hashes = body.hashes as string[] | undefined;
          if (!Array.isArray(hashes) || hashes.length !== Number(body.numSignatures)) return send(400, { error: "invalid_request", error_description: "numSignatures does not match hashes" });
          if (body.hashAlgorithmOID !== SHA256_OID) return send(400, { error: "invalid_request", error_description: "Unsupported hashAlgorithmOID" });
          const sad = randomBytes(24).toString("base64url");
          sads.set(sad, { hashes, used: false });
          return send(200, { SAD: sad, expiresIn: 300 });
        }
        case "/csc/v2/signatures/signHash": {
          if (!bearer() || !credentialOk()) return;
          const sad = sads.get(String(body.SAD));
          const hashes = body.hashes as string[] | undefined;
          if (!sad || sad.used) return send(400, { error: "invalid_request", error_description: "Invalid SAD" });
          if (!Array.isArray(hashes) || hashes.join() !== sad.hashes.join()) return send(400, { error: "invalid_request", error_description: "The hashes are not the authorized ones" });
          if (body.signAlgo !== "1.2.840.113549.1.1.11" && !(body.signAlgo === "1.2.840.113549.1.1.1" && body.hashAlgorithmOID === SHA256_OID)) return send(400, { error: "invalid_request", error_description: "Unsupported signAlgo" });
          sad.used = true;
          const signatures = hashes.map((h) => privateEncrypt({ key: privateKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.concat([SHA256_DIGEST_INFO, Buffer.from(h, "base64")])).toString("base64"));
          return send(200, { signatures });
        }
        default:
          return send(404, { error: "invalid_request", error_description: `Unknown method ${path}` });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base(),
    clientId,
    clientSecret,
    credentialId,
    pin,
    commonName,
    certificate: leafDer,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
