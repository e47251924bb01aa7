import { formatFileSize } from "../../../lib/i18n/format";
import { Document, Page, StyleSheet, View } from "@react-pdf/renderer";
import { Text } from "../documents/french-text";
import { FONT } from "../documents/fonts";
import { VerificationBlock, type Verifiable } from "../verification/verification-block";

/**
 * The render pool's `audit-report` document: the aggregate report closing the audit ZIP. Its
 * last page prints the SHA-256 of manifest.json (the manifest lists every other file with its
 * own hash). Plain data in (copied to the worker thread).
 */
export type AuditReportInput = {
  tenantName: string;
  accentColor: string | null;
  /** status in French words (courseStatusFr). */
  course: { id: string; title: string; status: string; activityNumber: string | null; certificationNumber: string | null };
  /** French date and time in the tenant's time zone ("28 novembre 2026 à 09:15 (heure de Paris)"). */
  generatedAt: string;
  folders: { folder: string; files: number; bytes: number }[];
  /** Every indicator (1 to 32) with the archive paths of the files that prove it (none: "aucune preuve"). */
  indicators: { indicator: number; title: string; specific: boolean; files: string[] }[];
  fileCount: number;
  totalBytes: number;
  manifestSha256: string;
  manifestBytes: number;
  orderNote: string;
};

const INK = "#111827";
const MUTED = "#4b5563";
const LINE = "#d1d5db";
const accentOf = (color: string | null | undefined) => (color && /^#[0-9a-fA-F]{6}$/.test(color) ? color : "#1e3a8a");

const s = StyleSheet.create({
  page: { paddingTop: 54, paddingBottom: 60, paddingHorizontal: 52, fontFamily: FONT.sans, fontSize: 10, color: INK, lineHeight: 1.45 },
  h1: { fontSize: 17, fontWeight: "bold", marginBottom: 6, lineHeight: 1.2 },
  h2: { fontSize: 12.5, fontWeight: "bold", marginTop: 12, marginBottom: 4 },
  muted: { color: MUTED },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: LINE, paddingVertical: 2 },
  cellWide: { flex: 4 },
  cell: { flex: 1, textAlign: "right" },
  indicator: { borderBottomWidth: 0.5, borderBottomColor: LINE, paddingVertical: 3 },
  fileLine: { fontSize: 8.5, color: MUTED, marginLeft: 10 },
  none: { fontSize: 8.5, color: "#b91c1c", marginLeft: 10 },
  hash: { fontFamily: FONT.mono, fontSize: 9, marginVertical: 8 },
  foot: { position: "absolute", bottom: 24, left: 52, right: 52, fontSize: 7, color: MUTED, textAlign: "center" },
});

/** "12 Ko", "0,65 Mo": the formatting layer's sizes. */
const kb = (n: number) => formatFileSize(n, "fr");
/** Files listed per indicator (the rest are counted; manifest.json lists them all). */
const MAX_LISTED = 8;

export function AuditReportDocument(input: AuditReportInput & Verifiable) {
  const accent = accentOf(input.accentColor);
  const c = input.course;
  const covered = input.indicators.filter((i) => i.files.length > 0).length;
  return (
    <Document title={`Dossier d'audit Qualiopi — ${c.title}`} author={input.tenantName} language="fr-FR" creator="Dossier d'audit Qualiopi">
      <Page size="A4" style={s.page}>
        <Text style={[s.h1, { color: accent }]}>Dossier d&apos;audit Qualiopi</Text>
        <Text>{input.tenantName}</Text>
        <Text>
          Formation : {c.title} ({c.id}) — {c.status}
        </Text>
        <Text style={s.muted}>N° de déclaration d&apos;activité : {c.activityNumber ?? "non renseigné"}</Text>
        {c.certificationNumber ? <Text style={s.muted}>Certification : {c.certificationNumber}</Text> : null}
        <Text style={s.muted}>Généré le {input.generatedAt}</Text>
        <Text style={s.muted}>
          {covered} indicateur{covered > 1 ? "s" : ""} sur 32 justifié{covered > 1 ? "s" : ""} par au moins une pièce de l&apos;archive.
        </Text>

        <Text style={[s.h2, { color: accent }]}>Contenu de l&apos;archive</Text>
        <View style={[s.row, { borderBottomColor: INK }]}>
          <Text style={[s.cellWide, { fontWeight: "bold" }]}>Dossier</Text>
          <Text style={[s.cell, { fontWeight: "bold" }]}>Fichiers</Text>
          <Text style={[s.cell, { fontWeight: "bold" }]}>Taille</Text>
        </View>
        {input.folders.map((f) => (
          <View key={f.folder} style={s.row}>
            <Text style={s.cellWide}>{f.folder}/</Text>
            <Text style={s.cell}>{f.files}</Text>
            <Text style={s.cell}>{kb(f.bytes)}</Text>
          </View>
        ))}
        <View style={s.row}>
          <Text style={[s.cellWide, { fontWeight: "bold" }]}>Total</Text>
          <Text style={s.cell}>{input.fileCount}</Text>
          <Text style={s.cell}>{kb(input.totalBytes)}</Text>
        </View>

        <Text style={[s.h2, { color: accent }]}>Indicateurs Qualiopi et pièces justificatives</Text>
        {input.indicators.map((i) => (
          <View key={i.indicator} style={s.indicator} wrap={false}>
            <Text style={{ fontWeight: "bold" }}>
              Indicateur {i.indicator} — {i.title}
              {i.specific ? " (spécifique)" : ""}
            </Text>
            {i.files.length === 0 ? <Text style={s.none}>aucune preuve</Text> : null}
            {i.files.slice(0, MAX_LISTED).map((f) => (
              <Text key={f} style={s.fileLine}>
                {f}
              </Text>
            ))}
            {i.files.length > MAX_LISTED ? <Text style={s.fileLine}>… et {i.files.length - MAX_LISTED} autre(s) fichier(s) (voir manifest.json)</Text> : null}
          </View>
        ))}
        <Text fixed style={s.foot} render={({ pageNumber, totalPages }) => `Dossier d'audit — ${c.title} — page ${pageNumber} / ${totalPages}`} />
      </Page>
      <Page size="A4" style={s.page}>
        <Text style={[s.h1, { color: accent }]}>Empreinte du manifeste</Text>
        <Text>
          Le fichier manifest.json de cette archive ({input.manifestBytes} octets) liste chaque fichier avec son empreinte SHA-256, sa taille, l&apos;indicateur qu&apos;il
          justifie et l&apos;enregistrement dont il provient. Son empreinte SHA-256 est :
        </Text>
        <Text style={s.hash}>Empreinte SHA-256 de manifest.json : {input.manifestSha256}</Text>
        <Text style={s.muted}>Vérification : sha256sum manifest.json, puis sha256sum -c sur chaque fichier listé.</Text>
        <Text style={[s.muted, { marginTop: 8 }]}>{input.orderNote}</Text>
        {input.verification ? <VerificationBlock stamp={input.verification} /> : null}
        <Text fixed style={s.foot} render={({ pageNumber, totalPages }) => `Dossier d'audit — ${c.title} — page ${pageNumber} / ${totalPages}`} />
      </Page>
    </Document>
  );
}
