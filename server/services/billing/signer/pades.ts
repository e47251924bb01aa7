import { PDF, type Signer } from "@libpdf/core";

/**
 * The PAdES construction both invoice signers share: @libpdf/core adds a signature field as an
 * incremental update, fills the /ByteRange, builds the CMS SignedData (ETSI.CAdES.detached,
 * level B-B, SHA-256: signed attributes with the message digest and the signing certificate)
 * and asks `signer` for one thing only: the signature value of the DER signed attributes
 * (`Signer.sign(data, "SHA-256")`). The local signer answers with its WebCrypto key; the CSC
 * signer hashes them and has the provider sign the hash (signatures/signHash).
 */
export async function signPades(pdf: Uint8Array, signer: Signer, info: { reason: string; signerName: string }): Promise<Uint8Array> {
  const doc = await PDF.load(pdf);
  const { bytes } = await doc.sign({
    signer,
    reason: info.reason,
    contactInfo: info.signerName,
    subFilter: "ETSI.CAdES.detached",
    level: "B-B",
    digestAlgorithm: "SHA-256",
  });
  return bytes;
}
