import { createHash, randomUUID } from "node:crypto";
import type { DigestAlgorithm, KeyType, SignatureAlgorithm, Signer } from "@libpdf/core";
import { signPades } from "./pades";
import type { InvoiceSignature, InvoiceSignatureLevel, InvoiceSigner } from "./types";

/**
 * A remote signer speaking the Cloud Signature Consortium API v2 (CSC v2), as qualified trust
 * service providers expose it. The PAdES construction is the local signer's (pades.ts); only the
 * signature value of the CMS signed attributes comes from the provider:
 *  1. `POST {base}/csc/v2/info`: the provider's OAuth2 server (`oauth2`, default the base URL);
 *  2. `POST {oauth2}/oauth2/token` (grant_type=client_credentials, client_id, client_secret): a bearer token;
 *  3. `POST /csc/v2/credentials/info` {credentialID, certificates: "chain", certInfo, authInfo}:
 *     the certificate chain (base64 DER, signer first) and the key's algorithms (`key.algo`, OIDs);
 *  4. per signature, `POST /csc/v2/credentials/authorize` {credentialID, numSignatures: 1, hashes,
 *     hashAlgorithmOID, PIN?, OTP?}: the SAD (signature activation data) for that hash;
 *  5. `POST /csc/v2/signatures/signHash` {credentialID, SAD, hashes, hashAlgorithmOID, signAlgo}:
 *     the signature value (base64).
 * Any refusal (a wrong secret, PIN, SAD, a disabled key) throws: the render fails and the invoice
 * reads FAILED; it never falls back to a weaker signature. `signatureLevel` is what the operator
 * configured (CSC_SIGNATURE_LEVEL) for that credential: QES only for a qualified certificate on
 * a qualified device (SCAL 2); a credential the provider reports as SCAL 1 is refused for QES.
 */
export type CscSignerConfig = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  credentialId: string;
  pin?: string;
  otp?: string;
  signatureLevel: InvoiceSignatureLevel;
  timeoutMs?: number;
};

const SHA256_OID = "2.16.840.1.101.3.4.2.1";
const RSA_OID = "1.2.840.113549.1.1.1";
const SHA256_WITH_RSA_OID = "1.2.840.113549.1.1.11";
const EC_PUBLIC_KEY_OID = "1.2.840.10045.2.1";
const ECDSA_WITH_SHA256_OID = "1.2.840.10045.4.3.2";

type Credential = { certificates: Uint8Array[]; keyType: KeyType; signatureAlgorithm: SignatureAlgorithm; signAlgo: string };

class CscError extends Error {}

export class CscInvoiceSigner implements InvoiceSigner {
  private token: { value: string; until: number } | null = null;
  private oauth2: string | null = null;

  constructor(private readonly config: CscSignerConfig) {}

  private url(path: string, base = this.config.baseUrl) {
    return `${base.replace(/\/+$/, "")}${path}`;
  }

  private async call<T>(path: string, body: Record<string, unknown>, opts: { bearer?: boolean; base?: string; form?: boolean } = {}): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (opts.bearer !== false) headers.authorization = `Bearer ${await this.accessToken()}`;
    headers["content-type"] = opts.form ? "application/x-www-form-urlencoded" : "application/json";
    const payload = opts.form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body);
    let response: Response;
    try {
      response = await fetch(this.url(path, opts.base), { method: "POST", headers, body: payload, signal: AbortSignal.timeout(this.config.timeoutMs ?? 30_000) });
    } catch (e) {
      throw new CscError(`CSC ${path}: ${e instanceof Error ? e.message : String(e)}`);
    }
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      // A non-JSON answer (a proxy's error page): reported by its status below.
    }
    if (!response.ok) {
      if (response.status === 401 && opts.bearer !== false) this.token = null;
      const why = [json.error, json.error_description].filter(Boolean).join(": ") || text.slice(0, 200);
      throw new CscError(`CSC ${path}: HTTP ${response.status}${why ? ` ${why}` : ""}`);
    }
    return json as T;
  }

  private async oauth2Base(): Promise<string> {
    if (this.oauth2) return this.oauth2;
    const info = await this.call<{ oauth2?: string; authType?: string[] }>("/csc/v2/info", { lang: "fr" }, { bearer: false });
    if (info.authType && !info.authType.includes("oauth2client")) throw new CscError(`CSC /csc/v2/info: the provider does not offer oauth2client (authType ${info.authType.join(", ")})`);
    this.oauth2 = info.oauth2 || this.config.baseUrl;
    return this.oauth2;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const base = await this.oauth2Base();
    const t = await this.call<{ access_token?: string; expires_in?: number }>(
      "/oauth2/token",
      { grant_type: "client_credentials", client_id: this.config.clientId, client_secret: this.config.clientSecret },
      { bearer: false, base, form: true },
    );
    if (!t.access_token) throw new CscError("CSC /oauth2/token: no access_token");
    this.token = { value: t.access_token, until: Date.now() + Math.max(0, (t.expires_in ?? 300) - 30) * 1000 };
    return t.access_token;
  }

  /** The credential's certificate chain and key algorithm (read at each signature: a renewed certificate is picked up). */
  async credential(): Promise<Credential> {
    const info = await this.call<{ key?: { status?: string; algo?: string[] }; cert?: { status?: string; certificates?: string[] }; SCAL?: string }>("/csc/v2/credentials/info", {
      credentialID: this.config.credentialId,
      certificates: "chain",
      certInfo: true,
      authInfo: true,
    });
    if (info.key?.status && info.key.status !== "enabled") throw new CscError(`CSC credential ${this.config.credentialId}: key ${info.key.status}`);
    if (info.cert?.status && info.cert.status !== "valid") throw new CscError(`CSC credential ${this.config.credentialId}: certificate ${info.cert.status}`);
    if (this.config.signatureLevel === "QES" && info.SCAL === "1") throw new CscError(`CSC credential ${this.config.credentialId} is SCAL 1: not a qualified signature (set CSC_SIGNATURE_LEVEL=ADES)`);
    const certificates = (info.cert?.certificates ?? []).map((c) => new Uint8Array(Buffer.from(c, "base64")));
    if (!certificates.length) throw new CscError(`CSC credential ${this.config.credentialId}: no certificate`);
    const algo = info.key?.algo ?? [];
    if (algo.includes(SHA256_WITH_RSA_OID) || algo.includes(RSA_OID)) return { certificates, keyType: "RSA", signatureAlgorithm: "RSASSA-PKCS1-v1_5", signAlgo: algo.includes(SHA256_WITH_RSA_OID) ? SHA256_WITH_RSA_OID : RSA_OID };
    if (algo.includes(ECDSA_WITH_SHA256_OID) || algo.includes(EC_PUBLIC_KEY_OID)) return { certificates, keyType: "EC", signatureAlgorithm: "ECDSA", signAlgo: ECDSA_WITH_SHA256_OID };
    throw new CscError(`CSC credential ${this.config.credentialId}: no supported key algorithm (${algo.join(", ") || "none"})`);
  }

  /** The provider's signature of one SHA-256 hash: authorize (SAD), then signHash. */
  async signHash(hash: Uint8Array, signAlgo: string): Promise<Uint8Array> {
    const hashes = [Buffer.from(hash).toString("base64")];
    const auth = await this.call<{ SAD?: string }>("/csc/v2/credentials/authorize", {
      credentialID: this.config.credentialId,
      numSignatures: 1,
      hashes,
      hashAlgorithmOID: SHA256_OID,
      ...(this.config.pin ? { PIN: this.config.pin } : {}),
      ...(this.config.otp ? { OTP: this.config.otp } : {}),
      description: "Facture électronique (Factur-X)",
    });
    if (!auth.SAD) throw new CscError("CSC /csc/v2/credentials/authorize: no SAD");
    const signed = await this.call<{ signatures?: string[] }>("/csc/v2/signatures/signHash", {
      credentialID: this.config.credentialId,
      SAD: auth.SAD,
      hashes,
      hashAlgorithmOID: SHA256_OID,
      signAlgo,
      operationMode: "S",
    });
    const value = signed.signatures?.[0];
    if (!value) throw new CscError("CSC /csc/v2/signatures/signHash: no signature");
    return new Uint8Array(Buffer.from(value, "base64"));
  }

  async sign(pdf: Uint8Array, info: { reason: string; signerName: string }): Promise<InvoiceSignature> {
    const credential = await this.credential();
    const [certificate, ...chain] = credential.certificates;
    const remote: Signer = {
      certificate: certificate!,
      certificateChain: chain,
      keyType: credential.keyType,
      signatureAlgorithm: credential.signatureAlgorithm,
      sign: async (data: Uint8Array, algorithm: DigestAlgorithm) => {
        if (algorithm !== "SHA-256") throw new CscError(`CSC signer: digest ${algorithm} not supported`);
        return this.signHash(createHash("sha256").update(data).digest(), credential.signAlgo);
      },
    };
    const bytes = await signPades(pdf, remote, info);
    return { pdf: bytes, provider: "csc", signatureLevel: this.config.signatureLevel, signatureId: `csc-${randomUUID()}` };
  }
}

/** The CSC signer's configuration from the environment (INVOICE_SIGNER=csc); a missing variable is an error, never a silent local fallback. */
export function cscConfigFromEnv(envVars: NodeJS.ProcessEnv = process.env): CscSignerConfig {
  const need = (name: string) => {
    const v = envVars[name];
    if (!v) throw new Error(`INVOICE_SIGNER=csc needs ${name}`);
    return v;
  };
  const level = (envVars.CSC_SIGNATURE_LEVEL || "ADES").toUpperCase();
  if (level !== "QES" && level !== "ADES") throw new Error(`CSC_SIGNATURE_LEVEL=${level}: QES or ADES`);
  return {
    baseUrl: need("CSC_BASE_URL"),
    clientId: need("CSC_CLIENT_ID"),
    clientSecret: need("CSC_CLIENT_SECRET"),
    credentialId: need("CSC_CREDENTIAL_ID"),
    pin: envVars.CSC_PIN || undefined,
    otp: envVars.CSC_OTP || undefined,
    signatureLevel: level,
    timeoutMs: envVars.CSC_TIMEOUT_SECONDS ? Number(envVars.CSC_TIMEOUT_SECONDS) * 1000 : undefined,
  };
}
