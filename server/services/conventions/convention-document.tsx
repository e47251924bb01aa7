import { Document, Image, Page, StyleSheet, View } from "@react-pdf/renderer";
import { Text } from "../documents/french-text";
import type { ReactNode } from "react";
import { FONT } from "../documents/fonts";
import { VerificationQr, verificationLine, type Verifiable } from "../verification/verification-block";
import type { ConventionContent } from "./content";
import { TenantLogo } from "../documents/tenant-logo";

/**
 * The `convention` document type: a convention de formation (L6353-1, D6353-1) or an
 * individual's contrat de formation (L6353-3 ff.), its programme as an annexed page, and, once
 * signed, the client's signature in its block and an evidence page (time, IP, user-agent hash,
 * SHA-256 of the unsigned version). Plain data in (copied to the render worker).
 */
export type ConventionSignature = {
  signerName: string;
  /** PNG data URL of a drawn signature; null for a typed one (the name is printed in script style). */
  imageDataUrl: string | null;
  method: "DRAWN" | "TYPED";
  signedAtIso: string;
  signedAtLocal: string;
  ip: string;
  userAgentSha256: string;
  signatureSha256: string;
  unsignedSha256: string;
  email: string | null;
};

export type ConventionPdfInput = {
  content: ConventionContent;
  reference: string;
  version: number;
  author: string;
  accentColor: string | null;
  /** The tenant's logo (data URL), printed at the top of the first page; null: the organisation's name in the running head alone. */
  logo: string | null;
  signature: ConventionSignature | null;
} & Verifiable; // the verification code and QR, printed in the running footer of every page

const INK = "#111827";
const MUTED = "#4b5563";
const LINE = "#d1d5db";
const accentOf = (color: string | null | undefined) => (color && /^#[0-9a-fA-F]{6}$/.test(color) ? color : "#1e3a8a");

const s = StyleSheet.create({
  page: { paddingTop: 54, paddingBottom: 84, paddingHorizontal: 52, fontFamily: FONT.sans, fontSize: 9.5, color: INK, lineHeight: 1.4 },
  head: { position: "absolute", top: 22, left: 52, right: 52, flexDirection: "row", justifyContent: "space-between", fontSize: 7.5, color: MUTED, borderBottomWidth: 0.5, borderBottomColor: LINE, paddingBottom: 3 },
  foot: { position: "absolute", top: 772, left: 52, right: 52, fontSize: 7, color: MUTED, borderTopWidth: 0.5, borderTopColor: LINE, paddingTop: 4 },
  footRow: { flexDirection: "row", justifyContent: "space-between" },
  verify: { position: "absolute", top: 789, left: 52, right: 92, fontSize: 7, color: MUTED },
  h1: { fontSize: 16, fontWeight: "bold", marginBottom: 2, textAlign: "center" },
  basis: { textAlign: "center", color: MUTED, marginBottom: 10 },
  h2: { fontSize: 11, fontWeight: "bold", marginTop: 9, marginBottom: 3 },
  p: { marginBottom: 4 },
  item: { flexDirection: "row", marginBottom: 1.5, paddingLeft: 6 },
  bullet: { width: 10 },
  flex: { flex: 1 },
  bold: { fontWeight: "bold" },
  parties: { gap: 6 },
  party: { borderWidth: 0.75, borderColor: LINE, padding: 7, borderRadius: 3 },
  label: { fontSize: 7.5, color: MUTED, marginBottom: 2 },
  signRow: { flexDirection: "row", gap: 12, marginTop: 8 },
  signBox: { flex: 1, borderWidth: 0.75, borderColor: LINE, padding: 7, minHeight: 110, borderRadius: 3 },
  signArea: { height: 58, marginTop: 4, justifyContent: "center" },
  signImage: { height: 54, objectFit: "contain", alignSelf: "flex-start" },
  typed: { fontSize: 18, fontStyle: "italic" },
  mono: { fontFamily: FONT.mono, fontSize: 7.5 },
  table: { borderWidth: 0.75, borderColor: LINE, marginTop: 4 },
  tr: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: LINE },
  th: { width: 150, padding: 4, fontWeight: "bold", backgroundColor: "#f3f4f6" },
  td: { flex: 1, padding: 4 },
});

function Bullets({ items }: { items: string[] }) {
  return (
    <View style={{ marginBottom: 4 }}>
      {items.map((item, i) => (
        <View key={i} style={s.item} wrap={false}>
          <Text style={s.bullet}>•</Text>
          <Text style={s.flex}>{item}</Text>
        </View>
      ))}
    </View>
  );
}

function Article({ n, title, accent, children }: { n: number; title: string; accent: string; children: ReactNode }) {
  return (
    <View>
      <Text style={[s.h2, { color: accent }]} minPresenceAhead={40}>
        Article {n} — {title}
      </Text>
      {children}
    </View>
  );
}

function Frame({ input, children }: { input: ConventionPdfInput; children: ReactNode }) {
  const { content, reference, version, author, verification } = input;
  return (
    <Page size="A4" style={s.page}>
      <View style={s.head} fixed>
        <Text>{author}</Text>
        <Text>
          {content.title} — {reference} — version {version}
        </Text>
      </View>
      {children}
      <View style={s.foot} fixed>
        <View style={s.footRow}>
          <Text>
            {reference} v{version}
            {input.signature ? " — exemplaire signé" : ""}
          </Text>
          <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} / ${totalPages}`} />
        </View>
      </View>
      {/* The verification code and URL under the footer (its own fixed text: a fixed footer drops a second line), the QR code beside it. */}
      {verification ? (
        <Text fixed style={s.verify}>
          {verificationLine(verification)}
        </Text>
      ) : null}
      {verification ? <VerificationQr stamp={verification} size={34} top={789} right={52} /> : null}
    </Page>
  );
}

/** Label/value rows; a row marked "mono" prints its value in the monospaced face (hashes fit their cell). */
function Table({ rows }: { rows: ([string, string] | [string, string, "mono"])[] }) {
  return (
    <View style={s.table}>
      {rows.map(([k, v, mono], i) => (
        <View key={i} style={s.tr} wrap={false}>
          <Text style={s.th}>{k}</Text>
          <Text style={mono ? [s.td, s.mono] : s.td}>{v}</Text>
        </View>
      ))}
    </View>
  );
}

export function ConventionDocument(input: ConventionPdfInput) {
  const { content: c, signature, author } = input;
  const accent = accentOf(input.accentColor);
  const contract = c.kind === "CONTRACT";
  const clientRole = contract ? "le stagiaire" : "le client";
  let n = 0;
  const next = () => ++n;
  return (
    <Document title={`${c.title} — ${c.course.title}`} author={author} language="fr-FR" creator={author} producer="Plateforme Formation">
      <Frame input={input}>
        <TenantLogo src={input.logo} style={{ marginBottom: 6 }} />
        <Text style={[s.h1, { color: accent }]}>{c.title}</Text>
        <Text style={s.basis}>({c.legalBasis})</Text>

        <Text style={[s.h2, { color: accent, marginTop: 0 }]}>Entre les soussignés</Text>
        <View style={s.parties}>
          <View style={s.party}>
            <Text style={s.label}>L&apos;organisme de formation</Text>
            <Text style={s.bold}>{c.organisation.name}</Text>
            {c.organisation.lines.map((l, i) => (
              <Text key={i}>{l}</Text>
            ))}
            {c.organisation.representative ? <Text>Représenté par {c.organisation.representative}</Text> : null}
            {c.organisation.ndaMention ? <Text style={{ fontSize: 8, color: MUTED, marginTop: 2 }}>{c.organisation.ndaMention}</Text> : null}
          </View>
          <View style={s.party}>
            <Text style={s.label}>{contract ? "Le stagiaire (cocontractant)" : `Le client — ${c.client.capacity}`}</Text>
            <Text style={s.bold}>{c.client.name}</Text>
            {c.client.lines.map((l, i) => (
              <Text key={i}>{l}</Text>
            ))}
            {c.client.email ? <Text>{c.client.email}</Text> : null}
          </View>
        </View>
        <Text style={[s.p, { marginTop: 6 }]}>
          Ci-après « l&apos;organisme de formation » et « {clientRole} », il est convenu ce qui suit{contract ? ", en application des articles L6353-3 à L6353-7 du Code du travail" : ""}.
        </Text>

        <Article n={next()} title="Objet" accent={accent}>
          <Text style={s.p}>
            {contract ? "Le stagiaire entreprend, à titre individuel et à ses frais," : "L'organisme de formation organise, au bénéfice des stagiaires désignés ci-après,"} l&apos;action de formation intitulée « {c.course.title} », action concourant au
            développement des compétences au sens de l&apos;article L6313-1 du Code du travail.
          </Text>
        </Article>

        <Article n={next()} title="Nature, objectifs et programme" accent={accent}>
          <Table
            rows={[
              ["Objectifs", c.course.objectives],
              ["Public visé", c.course.targetAudience],
              ["Prérequis", c.course.prerequisites],
              ["Méthodes pédagogiques", c.course.teachingMethods],
              ["Modalités d'évaluation", c.course.evaluationMethods],
              ["Accessibilité", c.course.accessibility],
            ]}
          />
          <Text style={[s.p, { marginTop: 4 }]}>Le programme détaillé de l&apos;action figure en annexe 1 (page « Annexe 1 — Programme de la formation »), qui fait partie intégrante du présent document.</Text>
        </Article>

        <Article n={next()} title="Dates, horaires, lieu et durée" accent={accent}>
          <Table
            rows={[
              ["Date de début", c.startDate ?? "à définir"],
              ["Date de fin", c.endDate ?? "à définir"],
              ["Durée totale", c.durationLabel],
              ["Modalité et lieu", c.modeSummary],
            ]}
          />
          {c.sessions.length ? (
            <View style={{ marginTop: 4 }}>
              <Text style={s.bold}>Calendrier et horaires :</Text>
              {c.sessions.map((ses, i) => (
                <View key={i} wrap={false}>
                  <Text>
                    {ses.title} — {ses.mode}
                    {ses.place ? ` — ${ses.place}` : ""}
                  </Text>
                  <Bullets items={[ses.schedule]} />
                </View>
              ))}
            </View>
          ) : (
            <Text style={s.p}>Le calendrier des séances sera communiqué par convocation.</Text>
          )}
        </Article>

        <Article n={next()} title="Stagiaires" accent={accent}>
          <Text style={s.p}>
            Nombre de stagiaires : {c.trainees.length}. {c.trainees.length > 1 ? "Noms des stagiaires" : "Nom du stagiaire"} : {c.trainees.join(", ")}.
          </Text>
        </Article>

        {c.withdrawal ? (
          <Article n={next()} title="Délai de rétractation" accent={accent}>
            {c.withdrawal.map((t, i) => (
              <Text key={i} style={s.p}>
                {t}
              </Text>
            ))}
          </Article>
        ) : null}

        <Article n={next()} title="Dispositions financières" accent={accent}>
          <Bullets items={c.price.lines} />
          <Text style={s.bold}>Modalités de paiement :</Text>
          <Bullets items={c.paymentTerms} />
        </Article>

        <Article n={next()} title="Assiduité et documents remis" accent={accent}>
          <Text style={s.p}>
            L&apos;assiduité est attestée par des feuilles d&apos;émargement signées par demi-journée (ou les relevés de connexion pour la formation à distance). À l&apos;issue de la formation, l&apos;organisme remet un certificat de réalisation et une attestation de fin de formation (article L6353-1).
          </Text>
        </Article>

        <Article n={next()} title="Dédit, abandon et différends" accent={accent}>
          <Text style={s.p}>
            En cas d&apos;inexécution totale ou partielle de la prestation du fait de l&apos;organisme, celui-ci rembourse les sommes indûment perçues (article L6354-1). Le stagiaire s&apos;engage à respecter le règlement intérieur de l&apos;organisme (article L6352-3). Tout différend est d&apos;abord réglé à l&apos;amiable ; à défaut, le tribunal compétent est celui du siège de l&apos;organisme de formation.
          </Text>
        </Article>

        <View wrap={false}>
          <Text style={[s.p, { marginTop: 8 }]}>
            Fait à {c.signedPlace}, le {c.dateLabel}, en deux exemplaires originaux{signature ? " (signature électronique)" : ""}.
          </Text>
          <View style={s.signRow}>
            <View style={s.signBox}>
              <Text style={s.label}>Pour l&apos;organisme de formation</Text>
              <Text style={s.bold}>{c.organisation.name}</Text>
              {/* The legal identity's signatory (versions stored before it was recorded: the representative). */}
              <Text>{c.organisation.signatory ?? c.organisation.representative ?? "Le représentant légal"}</Text>
              <View style={s.signArea}>{c.organisation.signatureImage ? <Image src={c.organisation.signatureImage} style={s.signImage} /> : null}</View>
              <Text style={{ fontSize: 7.5, color: MUTED }}>Document émis par l&apos;organisme le {c.dateLabel}</Text>
            </View>
            <View style={s.signBox}>
              <Text style={s.label}>{contract ? "Le stagiaire" : "Pour le client"}</Text>
              <Text style={s.bold}>{c.client.name}</Text>
              <Text>{signature ? `Signé par ${signature.signerName}` : "Nom, qualité, signature (précédée de « Lu et approuvé »)"}</Text>
              <View style={s.signArea}>
                {signature?.imageDataUrl ? (
                  <Image src={signature.imageDataUrl} style={s.signImage} />
                ) : signature ? (
                  <Text style={s.typed}>{signature.signerName}</Text>
                ) : null}
              </View>
              {signature ? <Text style={{ fontSize: 7.5, color: MUTED }}>Le {signature.signedAtLocal}</Text> : null}
            </View>
          </View>
        </View>
      </Frame>

      <Frame input={input}>
        <Text style={[s.h1, { color: accent }]}>Annexe 1 — Programme de la formation</Text>
        <Text style={s.basis}>« {c.course.title} » — durée : {c.durationLabel}</Text>
        {c.programme.length ? (
          c.programme.map((m, i) => (
            <View key={i} wrap={false}>
              <Text style={[s.h2, { color: accent }]}>
                Module {i + 1} — {m.title}
              </Text>
              <Bullets items={m.lessons.length ? m.lessons : ["(contenu détaillé communiqué en début de module)"]} />
            </View>
          ))
        ) : (
          <Text style={s.p}>Programme : non renseigné.</Text>
        )}
        <Text style={[s.h2, { color: accent }]}>Objectifs</Text>
        <Text style={s.p}>{c.course.objectives}</Text>
        <Text style={[s.h2, { color: accent }]}>Modalités d&apos;évaluation</Text>
        <Text style={s.p}>{c.course.evaluationMethods}</Text>
      </Frame>

      {signature ? (
        <Frame input={input}>
          <Text style={[s.h1, { color: accent }]}>Preuve de signature électronique</Text>
          <Text style={s.basis}>Fichier de preuve joint à l&apos;exemplaire signé</Text>
          <Table
            rows={[
              ["Document", `${c.title} — ${c.course.title}`],
              ["Référence", `${input.reference}, version ${input.version}`],
              ["Empreinte SHA-256 de la version non signée", signature.unsignedSha256, "mono"],
              ["Signataire", `${signature.signerName}${signature.email ? ` <${signature.email}>` : ""}, pour ${c.client.name}`],
              ["Méthode", signature.method === "DRAWN" ? "Signature manuscrite tracée à l'écran" : "Signature saisie (nom tapé)"],
              ["Date et heure (UTC)", signature.signedAtIso],
              ["Date et heure (locale)", signature.signedAtLocal],
              ["Adresse IP", signature.ip],
              ["Empreinte SHA-256 du user-agent", signature.userAgentSha256, "mono"],
              ["Empreinte SHA-256 de l'image de signature", signature.signatureSha256, "mono"],
              ["Lien de signature", "Lien personnel à usage unique transmis par e-mail (jeton conservé sous forme d'empreinte)"],
            ]}
          />
          <Text style={[s.p, { marginTop: 8 }]}>
            Le signataire a consulté la version {input.version} dont l&apos;empreinte figure ci-dessus, puis l&apos;a approuvée et signée. Toute modification de cette version aurait donné une autre empreinte.
          </Text>
        </Frame>
      ) : null}
    </Document>
  );
}
