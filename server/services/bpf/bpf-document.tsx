import { Document, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import { FONT } from "../documents/fonts";
import type { BpfSummary } from "./compute";

/**
 * The render pool's `bpf` document: the BPF laid out after cerfa 10443*17, frames A to H, in
 * French. What the data cannot fill is printed "non renseigné" (never a made-up zero). Plain data
 * in (copied to the worker thread).
 */
export type BpfPdfInput = {
  tenantName: string;
  status: "GENERATED" | "SUBMITTED";
  generatedAt: string;
  submittedAt: string | null;
  receiptId: string | null;
  summary: BpfSummary;
};

const INK = "#111827";
const MUTED = "#4b5563";
const LINE = "#9ca3af";
const MISSING = "non renseigné";

const s = StyleSheet.create({
  page: { paddingTop: 40, paddingBottom: 50, paddingHorizontal: 40, fontFamily: FONT.sans, fontSize: 9, color: INK, lineHeight: 1.35 },
  h1: { fontSize: 14, fontWeight: "bold", marginBottom: 2 },
  frame: { borderWidth: 0.8, borderColor: INK, marginTop: 8, padding: 6 },
  frameTitle: { fontSize: 10.5, fontWeight: "bold", marginBottom: 4 },
  row: { flexDirection: "row", borderBottomWidth: 0.4, borderBottomColor: LINE, paddingVertical: 1.5 },
  label: { flex: 5 },
  num: { flex: 1.3, textAlign: "right" },
  muted: { color: MUTED },
  bad: { color: "#b91c1c" },
  foot: { position: "absolute", bottom: 20, left: 40, right: 40, fontSize: 7, color: MUTED, textAlign: "center" },
});

const eur = (n: number) => `${n.toLocaleString("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;
const hrs = (n: number) => `${n.toLocaleString("fr-FR", { maximumFractionDigits: 2 })} h`;
const num = (n: number) => n.toLocaleString("fr-FR", { maximumFractionDigits: 2 });
const v = (x: string | null) => x || MISSING;

const C_LABELS: Record<string, string> = {
  "1": "1. Entreprises pour la formation de leurs salariés",
  "2a": "2a. Contrats d'apprentissage",
  "2b": "2b. Contrats de professionnalisation",
  "2c": "2c. Promotion ou reconversion par alternance (Pro-A)",
  "2d": "2d. Projets de transition professionnelle",
  "2e": "2e. Compte personnel de formation (CPF)",
  "2f": "2f. Dispositifs pour les demandeurs d'emploi",
  "2g": "2g. Dispositifs pour les travailleurs non-salariés",
  "2h": "2h. Plan de développement des compétences ou autres dispositifs",
  "3": "3. Pouvoirs publics pour la formation de leurs agents",
  "4": "4. Instances européennes",
  "5": "5. État",
  "6": "6. Conseils régionaux",
  "7": "7. France Travail (ex-Pôle emploi)",
  "8": "8. Autres ressources publiques",
  "9": "9. Personnes à titre individuel et à leurs frais",
  "10": "10. Autres organismes de formation (sous-traitance)",
  "11": "11. Autres produits au titre de la formation professionnelle",
};
const F1_LABELS: Record<string, string> = {
  a: "a. Salariés d'employeurs privés hors apprentis",
  b: "b. Apprentis",
  c: "c. Personnes en recherche d'emploi",
  d: "d. Particuliers à leurs propres frais",
  e: "e. Autres stagiaires",
};

function Row({ label, cells, bold }: { label: string; cells: string[]; bold?: boolean }) {
  return (
    <View style={s.row} wrap={false}>
      <Text style={[s.label, bold ? { fontWeight: "bold" } : {}]}>{label}</Text>
      {cells.map((c, i) => (
        <Text key={i} style={[s.num, bold ? { fontWeight: "bold" } : {}]}>
          {c}
        </Text>
      ))}
    </View>
  );
}

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <View style={s.frame} wrap={false}>
      <Text style={s.frameTitle}>{title}</Text>
      {children}
    </View>
  );
}

export function BpfDocument(input: BpfPdfInput) {
  const sm = input.summary;
  const f = sm.frames;
  const line = (l: string) => f.c.lines.find((x) => x.line === l)?.amount ?? 0;
  const status = input.status === "SUBMITTED" ? `Déposé le ${input.submittedAt} — accusé de réception ${input.receiptId}` : "Généré, non déposé";
  return (
    <Document title={`Bilan pédagogique et financier ${sm.year}`} author={input.tenantName} language="fr-FR" creator="BPF (cerfa 10443*17)">
      <Page size="A4" style={s.page}>
        <Text style={s.h1}>Bilan pédagogique et financier — exercice {sm.year}</Text>
        <Text style={s.muted}>Établi d&apos;après le cerfa n° 10443*17 — {status}</Text>
        <Text style={s.muted}>Chiffres arrêtés le {input.generatedAt}</Text>
        <Text>
          Total : {sm.totalTrainees} stagiaire(s), {hrs(sm.totalHours)}, {eur(sm.totalRevenueHT)} HT
        </Text>

        <Frame title="A. Identification de l'organisme de formation">
          <Row label="Numéro de déclaration d'activité" cells={[v(f.a.nda)]} />
          <Row label="Dénomination" cells={[v(f.a.legalName)]} />
          <Row label="Forme juridique" cells={[v(f.a.legalForm)]} />
          <Row label="SIRET" cells={[v(f.a.siret)]} />
          <Row label="Code NAF" cells={[v(f.a.nafCode)]} />
          <Row label="Adresse" cells={[v(f.a.address)]} />
          <Row label="Téléphone" cells={[v(f.a.phone)]} />
          <Row label="Courriel" cells={[v(f.a.email)]} />
        </Frame>

        <Frame title="B. Caractéristiques de l'organisme">
          <Row label="Exercice comptable" cells={[`du ${f.b.from} au ${f.b.to}`]} />
          <Row label="Formations dispensées tout ou partie à distance" cells={[f.b.remote ? "Oui" : "Non"]} />
        </Frame>

        <Frame title="C. Bilan financier hors taxes : origine des produits de l'organisme">
          {f.c.lines
            .filter((l) => l.line === "1" || l.line.startsWith("2"))
            .map((l) => (
              <Row key={l.line} label={C_LABELS[l.line]!} cells={[eur(l.amount)]} />
            ))}
          <Row label="2. Total des produits des organismes gestionnaires des fonds (2a à 2h)" cells={[eur(f.c.line2)]} bold />
          {f.c.lines
            .filter((l) => l.line !== "1" && !l.line.startsWith("2"))
            .map((l) => (
              <Row key={l.line} label={C_LABELS[l.line]!} cells={[eur(l.amount)]} />
            ))}
          <Row label="Total des produits réalisés au titre de la formation professionnelle (1 à 11)" cells={[eur(f.c.total)]} bold />
          <Row label="Part du chiffre d'affaires global réalisée au titre de la formation" cells={[MISSING]} />
          <Text style={s.muted}>Ligne 9 : {eur(line("9"))} ; lignes non alimentées par les factures : 0,00 €.</Text>
        </Frame>

        <Frame title="D. Bilan financier hors taxes : charges de l'organisme">
          <Row label="Total des charges de l'organisme liées à l'activité de formation" cells={[MISSING]} />
          <Row label="dont salaires des formateurs" cells={[MISSING]} />
          <Row label="dont achats de prestations de formation et honoraires" cells={[MISSING]} />
        </Frame>

        <Frame title="E. Personnes dispensant des heures de formation">
          <Row label="" cells={["Nombre", "Heures"]} bold />
          <Row label="Personnes de l'organisme" cells={[String(f.e.internal.people), hrs(f.e.internal.hours)]} />
          <Row label="Personnes extérieures (sous-traitance)" cells={[MISSING, MISSING]} />
        </Frame>
      </Page>

      <Page size="A4" style={s.page}>
        <Frame title="F. Bilan pédagogique : stagiaires et heures">
          <Text style={{ fontWeight: "bold", marginBottom: 2 }}>F-1. Type de stagiaires</Text>
          <Row label="" cells={["Stagiaires", "Heures"]} bold />
          {f.f1.rows.map((r) => (
            <Row key={r.row} label={F1_LABELS[r.row]!} cells={[String(r.trainees), hrs(r.hours)]} />
          ))}
          <Row label="Total (1)" cells={[String(f.f1.totalTrainees), hrs(f.f1.totalHours)]} bold />
          <Text style={{ fontWeight: "bold", marginTop: 6 }}>F-2. Dont activité sous-traitée</Text>
          <Row label="Total (2)" cells={[MISSING, MISSING]} />
          <Text style={{ fontWeight: "bold", marginTop: 6 }}>F-3. Objectif général des prestations</Text>
          <Row label="Total (3)" cells={[MISSING, MISSING]} />
          <Text style={{ fontWeight: "bold", marginTop: 6 }}>F-4. Spécialités de formation</Text>
          <Row label="Total (4)" cells={[MISSING, MISSING]} />
        </Frame>

        <Frame title="G. Stagiaires dont la formation a été confiée à l'organisme par un autre organisme">
          <Row label="Stagiaires et heures" cells={[MISSING, MISSING]} />
        </Frame>

        <Frame title="H. Personne ayant la qualité de dirigeant">
          <Row label="Nom et prénom" cells={[v(f.h.directorName)]} />
          <Row label="Qualité" cells={[v(f.h.directorRole)]} />
          <Row label="Date et signature" cells={[""]} />
        </Frame>

        <Frame title="Contrôles de cohérence">
          {sm.checks.map((c) => (
            <Row key={c.code} label={c.label} cells={[c.ok ? "OK" : `Écart : ${num(c.expected)} ≠ ${num(c.actual)}`]} />
          ))}
          <Text style={s.muted}>
            Anomalies : {sm.anomalies.traineesWithoutCategory} stagiaire(s) sans catégorie, {sm.anomalies.traineesWithoutFinancing} sans source de financement,{" "}
            {sm.anomalies.invoicesWithoutSource} facture(s) sans source identifiable.
          </Text>
          <Text style={s.muted}>Cadres non renseignés faute de données : {f.gaps.join(", ")}.</Text>
          {f.a.missing.length ? <Text style={s.bad}>Identité légale incomplète : {f.a.missing.join(", ")}.</Text> : null}
        </Frame>
        <Text style={s.foot} fixed render={({ pageNumber, totalPages }) => `BPF ${sm.year} — ${input.tenantName} — page ${pageNumber} / ${totalPages}`} />
      </Page>
    </Document>
  );
}
