import { Document, Image, Page, StyleSheet, View } from "@react-pdf/renderer";
import { Text } from "./french-text";
import { FONT } from "./fonts";
import type { Block, Inline } from "./template-body";
import { VerificationBlock, type Verifiable } from "../verification/verification-block";

/**
 * The `template-document` type of the render pool: a template's body, already parsed and
 * filled (template-body.ts), drawn on A4 pages with the embedded DejaVu fonts. Plain data in,
 * so the worker thread gets it by copy.
 */
export type TemplateDocumentInput = {
  title: string;
  /** The organisation (running head and PDF author). */
  author: string;
  /** Brand colour (hex) or null. */
  accentColor: string | null;
  blocks: Block[];
  /** Small print at the bottom of every page (reference, hash of the source...). */
  footer: string;
  /** The signatory's signature (data:image/png or jpeg URL) drawn at the body's signature line; absent: a blank space to sign. */
  signatureImage?: string | null;
} & Verifiable;

const INK = "#111827";
const MUTED = "#4b5563";
const LINE = "#d1d5db";
const accentOf = (color: string | null | undefined) => (color && /^#[0-9a-fA-F]{6}$/.test(color) ? color : "#1e3a8a");

const s = StyleSheet.create({
  page: { paddingTop: 54, paddingBottom: 60, paddingHorizontal: 52, fontFamily: FONT.sans, fontSize: 10, color: INK, lineHeight: 1.45 },
  head: { position: "absolute", top: 22, left: 52, right: 52, flexDirection: "row", justifyContent: "space-between", fontSize: 7.5, color: MUTED, borderBottomWidth: 0.5, borderBottomColor: LINE, paddingBottom: 3 },
  foot: { position: "absolute", top: 796, left: 52, right: 52, flexDirection: "row", justifyContent: "space-between", fontSize: 7, color: MUTED, borderTopWidth: 0.5, borderTopColor: LINE, paddingTop: 4 },
  h1: { fontSize: 17, fontWeight: "bold", marginBottom: 10, marginTop: 4, lineHeight: 1.2, textAlign: "center" },
  h2: { fontSize: 12.5, fontWeight: "bold", marginTop: 10, marginBottom: 4, lineHeight: 1.25 },
  h3: { fontSize: 10.5, fontWeight: "bold", marginTop: 6, marginBottom: 2 },
  p: { marginBottom: 6 },
  item: { flexDirection: "row", marginBottom: 2, paddingLeft: 6 },
  bullet: { width: 10 },
  itemText: { flex: 1 },
  rule: { borderBottomWidth: 0.75, borderBottomColor: LINE, marginVertical: 8 },
  signature: { width: 150, height: 52, objectFit: "contain", marginBottom: 6 },
  signatureBlank: { width: 150, height: 52, marginBottom: 6, borderBottomWidth: 0.5, borderBottomColor: LINE },
  bold: { fontWeight: "bold" },
});

function Runs({ content }: { content: Inline[] }) {
  return (
    <>
      {content.map((run, i) =>
        run.bold ? (
          <Text key={i} style={s.bold}>
            {run.text}
          </Text>
        ) : (
          <Text key={i}>{run.text}</Text>
        ),
      )}
    </>
  );
}

function BlockView({ block, accent, signatureImage }: { block: Block; accent: string; signatureImage?: string | null }) {
  switch (block.type) {
    case "heading": {
      const style = block.level === 1 ? [s.h1, { color: accent }] : block.level === 2 ? [s.h2, { color: accent }] : [s.h3];
      return (
        <Text style={style} minPresenceAhead={40}>
          <Runs content={block.content} />
        </Text>
      );
    }
    case "paragraph":
      return (
        <View style={s.p}>
          {block.lines.map((line, i) => (
            <Text key={i}>
              <Runs content={line} />
            </Text>
          ))}
        </View>
      );
    case "list":
      return (
        <View style={{ marginBottom: 6 }}>
          {block.items.map((item, i) => (
            <View key={i} style={s.item} wrap={false}>
              <Text style={s.bullet}>•</Text>
              <Text style={s.itemText}>
                <Runs content={item} />
              </Text>
            </View>
          ))}
        </View>
      );
    case "rule":
      return <View style={s.rule} />;
    case "signature":
      return signatureImage ? <Image src={signatureImage} style={s.signature} /> : <View style={s.signatureBlank} />;
  }
}

export function TemplateDocument({ title, author, accentColor, blocks, footer, signatureImage, verification }: TemplateDocumentInput) {
  const accent = accentOf(accentColor);
  return (
    <Document title={title} author={author} language="fr-FR" creator={author} producer="Plateforme Formation">
      <Page size="A4" style={s.page}>
        <View style={s.head} fixed>
          <Text>{author}</Text>
          <Text>{title}</Text>
        </View>
        {blocks.map((block, i) => (
          <BlockView key={i} block={block} accent={accent} signatureImage={signatureImage} />
        ))}
        {verification ? <VerificationBlock stamp={verification} /> : null}
        <View style={s.foot} fixed>
          <Text>{footer}</Text>
          <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} / ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}
