import { Image, Link, StyleSheet, View } from "@react-pdf/renderer";
import { Text } from "../documents/french-text";
import { createContext, useContext, type ComponentProps } from "react";
import { FONT } from "../documents/fonts";

/**
 * What an issued document prints so anyone can verify it (issue #20 item 4): the code, the
 * public URL on the tenant's host and its QR code. Built by verifications.ts
 * (reserveVerification / verificationStamp); plain data, copied to the render worker.
 */
export type VerificationStamp = {
  /** Formatted as printed: "7KQ4-M9XC-2TBW". */
  code: string;
  /** https://{tenant host}/verify/{code} */
  url: string;
  /** The URL's QR code, a PNG data URI. */
  qr: string;
};

type Style = Exclude<ComponentProps<typeof View>["style"], unknown[] | undefined>;

const MUTED = "#4b5563";
const LINE = "#d1d5db";

const s = StyleSheet.create({
  box: { flexDirection: "row", alignItems: "center", borderWidth: 0.75, borderColor: LINE, borderRadius: 3, padding: 6, marginTop: 10 },
  line: { flexDirection: "row", alignItems: "center" },
  text: { flex: 1, marginLeft: 8, fontFamily: FONT.sans, fontSize: 7.5, color: "#111827", lineHeight: 1.35 },
  title: { fontWeight: "bold", fontSize: 8 },
  code: { fontFamily: FONT.mono, fontWeight: "bold", fontSize: 9.5, letterSpacing: 0.5 },
  url: { fontFamily: FONT.mono, fontSize: 7 },
  muted: { color: MUTED, fontSize: 6.5 },
});

/**
 * The block at the end of a document: QR code, code, URL and one sentence on what the page
 * checks. `inline`: the small variant that fits a running footer (no frame, no sentence).
 */
export function VerificationBlock({ stamp, qrSize = 54, inline = false, style }: { stamp: VerificationStamp; qrSize?: number; inline?: boolean; style?: Style }) {
  return (
    <View style={inline ? [s.line, style ?? {}] : [s.box, style ?? {}]} wrap={false}>
      {/* The QR code is also a link to the page (a PDF reader opens it; the address is readable in the file). */}
      <Link src={stamp.url}>
        <Image src={stamp.qr} style={{ width: qrSize, height: qrSize }} />
      </Link>
      <View style={s.text}>
        {inline ? null : <Text style={s.title}>Vérifier l&apos;authenticité de ce document</Text>}
        <Text>
          Code de vérification : <Text style={s.code}>{stamp.code}</Text>
        </Text>
        <Text style={s.url}>{stamp.url}</Text>
        {inline ? null : (
          <Text style={s.muted}>
            Scannez le QR code ou ouvrez l&apos;adresse : la page indique l&apos;émetteur, la date et l&apos;empreinte SHA-256 du fichier émis, et compare votre fichier à celui-ci.
          </Text>
        )}
      </View>
    </View>
  );
}

/** What a document's input adds to be verifiable (documents/types.ts). */
export type Verifiable = { verification?: VerificationStamp | null };

/**
 * For documents whose running footer is drawn by shared page parts (the attendance sheet): the
 * document provides its stamp once, the footer reads it.
 */
export const VerificationContext = createContext<VerificationStamp | null>(null);

/** The stamp of the document being rendered (inside a VerificationContext provider), or null. */
export const useVerificationStamp = () => useContext(VerificationContext);

/** The running footer's sentence: "Code de vérification : XXXX-XXXX-XXXX · {url}" (plain text: react-pdf drops nested views in a fixed footer row). */
export const verificationLine = (stamp: VerificationStamp) => `Code de vérification : ${stamp.code} · ${stamp.url}`;

/** The QR code in its own fixed, absolutely placed view (a page corner), beside a running footer. */
export function VerificationQr({ stamp, size = 30, top, right }: { stamp: VerificationStamp; size?: number; top: number; right: number }) {
  return (
    <View fixed style={{ position: "absolute", top, right, width: size, height: size }}>
      <Link src={stamp.url}>
        <Image src={stamp.qr} style={{ width: size, height: size }} />
      </Link>
    </View>
  );
}
