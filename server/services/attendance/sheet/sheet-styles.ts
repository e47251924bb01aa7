import { StyleSheet } from "@react-pdf/renderer";
import { FONT } from "../../documents/fonts";

/** Styles of the attendance sheet PDF (A4 portrait, the documents' embedded fonts: DejaVu Sans, DejaVu Sans Mono). */
const INK = "#111827";
const MUTED = "#4b5563";
const LINE = "#d1d5db";
const SOFT = "#f3f4f6";
const ABSENT = "#b91c1c";
const PRESENT = "#166534";

/** The tenant's brand colour when it is a plain hex colour, else a neutral blue. */
export const accentOf = (color: string | null | undefined) => (color && /^#[0-9a-fA-F]{6}$/.test(color) ? color : "#1e3a8a");

export const s = StyleSheet.create({
  page: { paddingTop: 46, paddingBottom: 58, paddingHorizontal: 36, fontFamily: FONT.sans, fontSize: 9, color: INK, lineHeight: 1.3 },
  runningHead: { position: "absolute", top: 18, left: 36, right: 36, flexDirection: "row", justifyContent: "space-between", fontSize: 7, color: MUTED, borderBottomWidth: 0.5, borderBottomColor: LINE, paddingBottom: 3 },
  // The running footer (page furniture, sheet-page-parts.tsx Footer), placed from the top of the page.
  footer: { position: "absolute", top: 796, left: 36, right: 36, borderTopWidth: 0.5, borderTopColor: LINE, paddingTop: 4, fontSize: 6.5, color: MUTED },
  footerRow: { flexDirection: "row", justifyContent: "space-between" },
  mono: { fontFamily: FONT.mono, fontSize: 6.5, color: INK },
  title: { fontSize: 18, lineHeight: 1.2, fontWeight: "bold", textTransform: "uppercase", letterSpacing: 0.5 },
  subtitle: { fontSize: 10, lineHeight: 1.3, color: MUTED, marginTop: 2, marginBottom: 12 },
  boxes: { flexDirection: "row", gap: 10, marginBottom: 10 },
  box: { flex: 1, borderWidth: 0.75, borderColor: LINE, borderRadius: 3, padding: 8 },
  card: { borderWidth: 0.75, borderColor: LINE, borderRadius: 3, padding: 8, marginBottom: 6 },
  boxTitle: { fontSize: 7.5, fontWeight: "bold", color: MUTED, textTransform: "uppercase", letterSpacing: 0.4, marginBottom: 4 },
  strong: { fontWeight: "bold" },
  field: { flexDirection: "row", marginBottom: 1.5 },
  fieldLabel: { width: 118, color: MUTED },
  fieldValue: { flex: 1 },
  missing: { color: ABSENT, fontStyle: "italic" },
  section: { marginBottom: 10 },
  sectionTitle: { fontSize: 10.5, lineHeight: 1.3, fontWeight: "bold", marginBottom: 4, paddingBottom: 2, borderBottomWidth: 1 },
  list: { marginLeft: 4 },
  small: { fontSize: 7.5, color: MUTED },
  table: { borderWidth: 0.75, borderColor: LINE, borderRadius: 2 },
  th: { flexDirection: "row", backgroundColor: SOFT, borderBottomWidth: 0.75, borderBottomColor: LINE, fontWeight: "bold", fontSize: 7.5, color: MUTED },
  tr: { flexDirection: "row", minHeight: 28, alignItems: "center" },
  trCompact: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: LINE, minHeight: 16, alignItems: "center" },
  td: { paddingHorizontal: 5, paddingVertical: 3 },
  slotBar: { flexDirection: "row", justifyContent: "space-between", alignItems: "center", color: "#ffffff", paddingHorizontal: 8, paddingVertical: 6, borderRadius: 3, marginBottom: 8 },
  slotTitle: { flex: 1, fontSize: 12, lineHeight: 1.2, fontWeight: "bold" },
  slotMeta: { fontSize: 8.5, marginLeft: 10, flexShrink: 0 },
  signatureImage: { width: 104, height: 24, objectFit: "contain", objectPosition: "left" },
  absent: { color: ABSENT, fontWeight: "bold" },
  present: { color: PRESENT, fontWeight: "bold" },
  rowGroup: { borderBottomWidth: 0.5, borderBottomColor: LINE },
  muted: { color: MUTED },
  method: { fontSize: 8, color: INK },
  override: { fontSize: 7, color: MUTED, fontStyle: "italic", paddingHorizontal: 5, paddingBottom: 3 },
  summary: { flexDirection: "row", gap: 14, marginTop: 6, fontSize: 8.5 },
});
