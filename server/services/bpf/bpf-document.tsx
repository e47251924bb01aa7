import { Document, Page, StyleSheet, View } from "@react-pdf/renderer";
import { Text } from "../documents/french-text";
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
/** YYYY-MM-DD -> dd/mm/yyyy (the form's date format). */
const frDate = (iso: string | null) => (iso && /^\d{4}-\d{2}-\d{2}/.test(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : MISSING);
const pct = (n: number) => `${n.toLocaleString("fr-FR", { maximumFractionDigits: 1 })} %`;

const F3_LABELS: Record<string, string> = {
  a1: "a. RNCP — niveaux 6 à 8 (licence, master, doctorat…)",
  a2: "a. RNCP — niveau 5 (BTS, DUT…)",
  a3: "a. RNCP — niveau 4 (baccalauréat…)",
  a4: "a. RNCP — niveau 3 (CAP, BEP…)",
  a5: "a. RNCP — niveau 2",
  a6: "a. RNCP — CQP sans niveau de qualification",
  b: "b. Certification ou habilitation du Répertoire spécifique (RS)",
  c: "c. CQP non enregistré au RNCP ni au RS",
  d: "d. Autres formations professionnelles",
  e: "e. Bilans de compétences",
  f: "f. Accompagnement à la VAE",
};
const INPUT_LABELS: Record<string, string> = {
  LEGAL_IDENTITY: "Identité légale (Paramètres › Identité légale)",
  CHARGES: "Charges de l'exercice (page BPF › Charges)",
  TRAINER_ENGAGEMENT: "Statut interne ou externe des formateurs (page BPF › Formateurs)",
  TRAINEE_CATEGORY: "Catégorie des stagiaires (Inscriptions)",
  COURSE_OBJECTIVE: "Objectif des formations (page BPF › Formations)",
  COURSE_NSF: "Code NSF des formations (page BPF › Formations)",
  DIRECTOR: "Dirigeant (Paramètres › Identité légale › Dirigeant)",
};

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

function Row({ label, cells, bold, wide }: { label: string; cells: string[]; bold?: boolean; wide?: boolean }) {
  return (
    <View style={s.row} wrap={false}>
      <Text style={[s.label, bold ? { fontWeight: "bold" } : {}]}>{label}</Text>
      {cells.map((c, i) => (
        <Text key={i} style={[s.num, wide ? { flex: 4 } : {}, bold ? { fontWeight: "bold" } : {}]}>
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
  const status = input.status === "SUBMITTED" ? `Déposé le ${frDate(input.submittedAt)} — accusé de réception ${input.receiptId}` : "Généré, non déposé";
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
          <Row wide label="Numéro de déclaration d'activité" cells={[v(f.a.nda)]} />
          <Row wide label="Dénomination" cells={[v(f.a.legalName)]} />
          <Row wide label="Forme juridique" cells={[v(f.a.legalForm)]} />
          <Row wide label="SIRET" cells={[v(f.a.siret)]} />
          <Row wide label="Code NAF" cells={[v(f.a.nafCode)]} />
          <Row wide label="Adresse" cells={[v(f.a.address)]} />
          <Row wide label="Téléphone" cells={[v(f.a.phone)]} />
          <Row wide label="Courriel" cells={[v(f.a.email)]} />
        </Frame>

        <Frame title="B. Caractéristiques de l'organisme">
          <Row wide label="Exercice comptable" cells={[`du ${frDate(f.b.from)} au ${frDate(f.b.to)}`]} />
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
          <Row label="Part du chiffre d'affaires global réalisée au titre de la formation professionnelle" cells={[f.c.trainingShare === null ? MISSING : pct(f.c.trainingShare)]} />
          {f.c.turnoverHT !== null ? (
            <Text style={s.muted}>
              Chiffre d&apos;affaires facturé de l&apos;exercice : {eur(f.c.turnoverHT)} HT, dont {eur(f.c.otherHT ?? 0)} hors formation (conseil, location de salle, repas…), non compté en C.
            </Text>
          ) : null}
        </Frame>

        <Frame title="D. Bilan financier hors taxes : charges de l'organisme">
          <Row label="Total des charges de l'organisme liées à l'activité de formation" cells={[f.d ? eur(f.d.totalCharges) : MISSING]} />
          <Row label="dont salaires des formateurs" cells={[f.d ? eur(f.d.trainerSalaries) : MISSING]} />
          <Row label="dont achats de prestations de formation et honoraires de formation" cells={[f.d ? eur(f.d.trainingPurchases) : MISSING]} />
        </Frame>

        <Frame title="E. Personnes dispensant des heures de formation">
          <Row label="" cells={["Nombre", "Heures"]} bold />
          <Row label="Personnes de votre organisme dispensant des heures de formation" cells={[String(f.e.internal.people), hrs(f.e.internal.hours)]} />
          <Row label="Personnes extérieures à votre organisme (contrats de sous-traitance)" cells={f.e.external ? [String(f.e.external.people), hrs(f.e.external.hours)] : [MISSING, MISSING]} />
          {f.e.unknown ? <Text style={s.bad}>{f.e.unknown} formateur(s) sans statut interne ou externe : non comptés, à renseigner.</Text> : null}
        </Frame>
        <Frame title="F. Bilan pédagogique : stagiaires et heures">
          <Text style={{ fontWeight: "bold", marginBottom: 2 }}>F-1. Type de stagiaires de l&apos;organisme</Text>
          <Row label="" cells={["Stagiaires", "Heures"]} bold />
          {f.f1.rows.map((r) => (
            <Row key={r.row} label={F1_LABELS[r.row]!} cells={[String(r.trainees), hrs(r.hours)]} />
          ))}
          <Row label="Total (1)" cells={[String(f.f1.totalTrainees), hrs(f.f1.totalHours)]} bold />
          <Text style={{ fontWeight: "bold", marginTop: 6 }}>F-2. Dont activité sous-traitée de l&apos;organisme</Text>
          <Row label="Total (2) — stagiaires dont la formation a été confiée à un autre organisme" cells={f.f2 ? [String(f.f2.trainees), hrs(f.f2.hours)] : [MISSING, MISSING]} bold />
          <Text style={{ fontWeight: "bold", marginTop: 6 }}>F-3. Objectif général des prestations dispensées</Text>
          {f.f3 ? (
            <>
              {f.f3.rows.map((r) => (
                <Row key={r.row} label={F3_LABELS[r.row]!} cells={[String(r.trainees), hrs(r.hours)]} />
              ))}
              <Row label="Total (3)" cells={[String(f.f3.totalTrainees), hrs(f.f3.totalHours)]} bold />
              {f.f3.unknown ? <Text style={s.bad}>{f.f3.unknown} stagiaire(s) d&apos;une formation sans objectif renseigné : non comptés.</Text> : null}
            </>
          ) : (
            <Row label="Total (3)" cells={[MISSING, MISSING]} />
          )}
          <Text style={{ fontWeight: "bold", marginTop: 6 }}>F-4. Spécialités de formation (cinq principales, code NSF)</Text>
          {f.f4 ? (
            <>
              {f.f4.rows.map((r) => (
                <Row key={r.code} label={r.code === "other" ? "Autres spécialités" : `${r.code} — ${r.label}`} cells={[String(r.trainees), hrs(r.hours)]} />
              ))}
              <Row label="Total (4)" cells={[String(f.f4.totalTrainees), hrs(f.f4.totalHours)]} bold />
              {f.f4.unknown ? <Text style={s.bad}>{f.f4.unknown} stagiaire(s) d&apos;une formation sans code NSF : non comptés.</Text> : null}
            </>
          ) : (
            <Row label="Total (4)" cells={[MISSING, MISSING]} />
          )}
        </Frame>

        <Frame title="G. Stagiaires dont la formation a été confiée à l'organisme par un autre organisme de formation">
          <Row label="" cells={["Stagiaires", "Heures"]} bold />
          <Row label="Formations confiées par un autre organisme (non comptées en F)" cells={f.g ? [String(f.g.trainees), hrs(f.g.hours)] : [MISSING, MISSING]} />
        </Frame>

        <Frame title="H. Personne ayant la qualité de dirigeant">
          <Row wide label="Nom et prénom" cells={[v(f.h.directorName)]} />
          <Row wide label="Qualité" cells={[v(f.h.directorRole)]} />
          <Row wide label="Date" cells={[frDate(f.h.date)]} />
          <Row wide label="Signature" cells={[""]} />
        </Frame>

        <Frame title="Contrôles de cohérence">
          {sm.checks.map((c) => (
            <Row key={c.code} label={c.label} cells={[c.ok ? "OK" : `Écart : ${num(c.expected)} ≠ ${num(c.actual)}`]} />
          ))}
          <Text style={s.muted}>
            Anomalies : {sm.anomalies.traineesWithoutCategory} stagiaire(s) sans catégorie, {sm.anomalies.traineesWithoutFinancing} sans source de financement,{" "}
            {sm.anomalies.invoicesWithoutSource} facture(s) sans source identifiable.
          </Text>
          {f.gaps.length ? <Text style={s.bad}>Cadres non renseignés faute de données : {f.gaps.join(", ")}.</Text> : null}
          {f.inputs.length ? (
            <Text style={s.bad}>
              À compléter : {f.inputs.map((i) => `${INPUT_LABELS[i.code]}${i.items.length ? ` : ${i.items.map((x) => x.label).join(", ")}` : ""}`).join(" ; ")}.
            </Text>
          ) : null}
          {f.a.missing.length ? <Text style={s.bad}>Identité légale incomplète : {f.a.missing.join(", ")}.</Text> : null}
        </Frame>
        <Text style={s.foot} fixed render={({ pageNumber, totalPages }) => `BPF ${sm.year} — ${input.tenantName} — page ${pageNumber} / ${totalPages}`} />
      </Page>
    </Document>
  );
}
