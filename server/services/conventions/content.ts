import { asc, desc, eq, inArray, isNotNull, ne, notInArray } from "drizzle-orm";
import { createHash } from "node:crypto";
import { formatNda } from "../../contracts/french-ids";
import { formatPlace } from "../../contracts/sessions";
import type { DbOrTx } from "../../db";
import { billingClients, courses, enrollments, invoices, lessons, liveSessions, modules, sessionParticipants, tenants, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { localDate } from "../../lib/local-date";
import { activityDeclarationMention } from "../../lib/regions";
import { certificateSignatory, loadLegalIdentity, vatExemptionMention } from "../billing/legal-identity";
import { sessionSchedule } from "../sessions/schedule";
import { formatDuration, formatSchedule, scheduleTextMinutes, type ScheduleTextDay } from "../../lib/schedule-text";
import { frEuros, frLongDate } from "./format";

/**
 * What a convention (or an individual's contract) says, computed once from the records: the
 * render input of its PDF, the API's summary and the screens all read this. Plain data (JSON),
 * stored with each version so the signed PDF is the same text plus the signature.
 */
type ConventionKind = "CONVENTION" | "CONTRACT";
export type ConventionPayer = "EMPLOYER" | "OPCO" | "LEARNER" | "OTHER";

type ConventionParty = { name: string; lines: string[]; email: string | null; representative: string | null };

export type ConventionContent = {
  kind: ConventionKind;
  payer: ConventionPayer;
  title: string;
  legalBasis: string;
  organisation: ConventionParty & {
    city: string | null;
    ndaMention: string | null;
    /** Who signs for the organisation ("Name, role"): the legal identity's signatory, else its director (the representative). */
    signatory: string | null;
    /** The signatory's signature image (data URL), drawn in the organisation's signature block; null: the block stays blank. */
    signatureImage: string | null;
  };
  client: ConventionParty & { capacity: string };
  course: { title: string; objectives: string; targetAudience: string; prerequisites: string; teachingMethods: string; evaluationMethods: string; accessibility: string };
  programme: { title: string; lessons: string[] }[];
  /** Each session's planned days and total as formatSchedule prints them (the sheet's and convocation's form). */
  sessions: { title: string; mode: string; place: string | null; schedule: string }[];
  startDate: string | null;
  endDate: string | null;
  /** Local date of the first day (YYYY-MM-DD), to compare with the generation date. */
  startsOn: string | null;
  durationMinutes: number;
  durationLabel: string;
  modeSummary: string;
  trainees: string[];
  price: { unitHtCents: number; quantity: number; htCents: number; vatRate: number; vatCents: number; ttcCents: number; vatMention: string | null; lines: string[] };
  paymentTerms: string[];
  withdrawal: string[] | null;
  signedPlace: string;
  dateLabel: string;
  generatedOn: string;
};

const NOT_SET = "non renseigné";
const txt = (v: string | null | undefined) => (v && v.trim() ? v.trim() : NOT_SET);
const MODE = { PRESENTIAL: "en présentiel", REMOTE: "à distance (classe virtuelle)", HYBRID: "hybride (présentiel et classe virtuelle)" } as const;
const CAPACITY: Record<ConventionPayer, string> = { EMPLOYER: "l'employeur", OPCO: "l'opérateur de compétences (OPCO)", LEARNER: "le stagiaire", OTHER: "le financeur" };

export type PayerChoice = { payer: ConventionPayer; client: typeof billingClients.$inferSelect | null };

/** The content of an enrollment's convention for a payer, dated `now` (tenant time zone). */
export async function buildConventionContent(db: DbOrTx, scope: TenantScope, enrollmentId: string, choice: PayerChoice, now: Date): Promise<ConventionContent> {
  const [row] = await db
    .select({ enrollment: enrollments, course: courses, user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(enrollments)
    .innerJoin(courses, scope.where(courses, eq(courses.id, enrollments.courseId)))
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(scope.where(enrollments, eq(enrollments.id, enrollmentId)))
    .limit(1);
  if (!row) throw new Error("enrollment vanished");
  const [tenant] = await db.select({ name: tenants.name, branding: tenants.branding, timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, scope.tenantId)).limit(1);
  const tz = tenant?.timeZone ?? "Europe/Paris";
  const legal = await loadLegalIdentity(db, scope.tenantId);
  const c = row.course;
  const learnerName = `${row.user.firstName} ${row.user.lastName}`.trim();

  // Organisation (L6353-1, D6353-1: the provider's identity and declaration number).
  const orgName = legal.legalName || tenant?.branding?.displayName || tenant?.name || NOT_SET;
  const orgAddress = [legal.addressLine1, legal.addressLine2, [legal.postalCode, legal.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  // The one L6352-12 wording (server/lib/regions.ts), with the region's elision ("de la région d'Auvergne-Rhône-Alpes"), as on the invoices.
  const ndaMention = legal.nda ? activityDeclarationMention(formatNda(legal.nda), legal.ndaRegion) : null;
  const signatory = certificateSignatory(legal);
  const organisation = {
    name: orgName,
    lines: [orgAddress || `Adresse : ${NOT_SET}`, `SIRET : ${txt(legal.siret)}`, ...(legal.legalForm ? [`Forme juridique : ${legal.legalForm}`] : [])],
    email: legal.email,
    representative: legal.directorName ? `${legal.directorName}${legal.directorRole ? `, ${legal.directorRole}` : ""}` : null,
    signatory: signatory.name ? [signatory.name, signatory.role].filter(Boolean).join(", ") : null,
    signatureImage: signatory.signatureImage,
    city: legal.city,
    ndaMention,
  };

  // The client who pays (and signs).
  const kind: ConventionKind = choice.payer === "LEARNER" ? "CONTRACT" : "CONVENTION";
  const cl = choice.client;
  const clientAddress = cl ? [cl.addressLine1, cl.addressLine2, [cl.postalCode, cl.city].filter(Boolean).join(" ")].filter(Boolean).join(", ") : "";
  const client =
    kind === "CONTRACT"
      ? { name: learnerName, lines: [clientAddress || `Adresse : ${NOT_SET}`], email: cl?.email ?? row.user.email, representative: null, capacity: CAPACITY.LEARNER }
      : {
          name: cl!.name,
          lines: [clientAddress || `Adresse : ${NOT_SET}`, ...(cl!.siret ? [`SIRET : ${cl!.siret}`] : cl!.siren ? [`SIREN : ${cl!.siren}`] : [])],
          email: cl!.email,
          representative: null,
          capacity: CAPACITY[choice.payer],
        };

  // Programme: the course's modules and lessons, in order.
  const mods = await db.select({ id: modules.id, title: modules.title }).from(modules).where(scope.where(modules, eq(modules.courseId, c.id))).orderBy(asc(modules.position));
  const less = mods.length
    ? await db.select({ moduleId: lessons.moduleId, title: lessons.title }).from(lessons).where(scope.where(lessons, eq(lessons.courseId, c.id))).orderBy(asc(lessons.position))
    : [];
  const programme = mods.map((m) => ({ title: m.title, lessons: less.filter((l) => l.moduleId === m.id).map((l) => l.title) }));

  // Sessions the learner is registered to; else every planned session of the course.
  const sessionCols = { id: liveSessions.id, title: liveSessions.title, scheduledAt: liveSessions.scheduledAt, durationMinutes: liveSessions.durationMinutes, schedule: liveSessions.schedule, deliveryMode: liveSessions.deliveryMode, place: liveSessions.place };
  let planned = await db
    .select(sessionCols)
    .from(sessionParticipants)
    .innerJoin(liveSessions, scope.where(liveSessions, eq(liveSessions.id, sessionParticipants.sessionId), ne(liveSessions.status, "CANCELLED")))
    .where(scope.where(sessionParticipants, eq(sessionParticipants.enrollmentId, enrollmentId)))
    .orderBy(asc(liveSessions.scheduledAt));
  if (!planned.length) {
    planned = await db.select(sessionCols).from(liveSessions).where(scope.where(liveSessions, eq(liveSessions.courseId, c.id), ne(liveSessions.status, "CANCELLED"))).orderBy(asc(liveSessions.scheduledAt));
  }
  const allDays: ScheduleTextDay[] = [];
  const sessions = planned.map((s) => {
    const days = sessionSchedule(s, tz);
    allDays.push(...days);
    return { title: s.title, mode: MODE[s.deliveryMode], place: s.deliveryMode === "REMOTE" ? null : formatPlace(s.place) || null, schedule: formatSchedule(days).text };
  });
  allDays.sort((a, b) => a.date.localeCompare(b.date));
  const scheduledMinutes = scheduleTextMinutes(allDays);
  const durationMinutes = scheduledMinutes || (c.duration ?? 0) * 60;
  const modes = [...new Set(planned.map((s) => s.deliveryMode))];
  const places = [...new Set(sessions.map((s) => s.place).filter((p): p is string => Boolean(p)))];
  const modeSummary = !planned.length
    ? c.format === "ELEARNING"
      ? "à distance (formation en ligne, accès à la plateforme)"
      : NOT_SET
    : modes.length === 1 && modes[0] === "REMOTE"
      ? "à distance (classe virtuelle)"
      : `${modes.map((m) => MODE[m]).join(", ")}${places.length ? ` — lieu : ${places.join(" ; ")}` : ""}`;

  // Trainees: the learner, and the client's other trainees of the same course (invoiced to it).
  let trainees = [learnerName];
  if (cl && kind === "CONVENTION") {
    const others = await db
      .selectDistinct({ firstName: users.firstName, lastName: users.lastName, id: users.id })
      .from(invoices)
      .innerJoin(enrollments, scope.where(enrollments, eq(enrollments.id, invoices.enrollmentId), eq(enrollments.courseId, c.id), notInArray(enrollments.status, ["CANCELLED", "REVOKED"])))
      .innerJoin(users, eq(users.id, enrollments.userId))
      .where(scope.where(invoices, eq(invoices.clientId, cl.id), isNotNull(invoices.enrollmentId), inArray(invoices.kind, ["INVOICE"])));
    const names = others.filter((o) => o.id !== row.user.id).map((o) => `${o.firstName} ${o.lastName}`.trim());
    trainees = [learnerName, ...names.sort((a, b) => a.localeCompare(b, "fr"))];
  }

  // Price (HT, VAT, TTC) and payment terms.
  const vatMention = vatExemptionMention(legal);
  const vatRate = vatMention ? 0 : 20;
  const quantity = trainees.length;
  const htCents = c.price * quantity;
  const vatCents = Math.round((htCents * vatRate) / 100);
  const price = {
    unitHtCents: c.price,
    quantity,
    htCents,
    vatRate,
    vatCents,
    ttcCents: htCents + vatCents,
    vatMention,
    lines: [
      `Prix par stagiaire : ${frEuros(c.price)} HT × ${quantity} stagiaire${quantity > 1 ? "s" : ""}`,
      `Total HT : ${frEuros(htCents)}`,
      vatMention ? `TVA : ${frEuros(0)} (${vatMention})` : `TVA (${vatRate} %) : ${frEuros(vatCents)}`,
      `Total TTC : ${frEuros(htCents + vatCents)}`,
    ],
  };
  const iban = legal.iban ? ` sur le compte IBAN ${legal.iban}${legal.bic ? ` (BIC ${legal.bic})` : ""}` : "";
  const paymentTerms =
    kind === "CONTRACT"
      ? [
          "Aucune somme ne peut être exigée du stagiaire avant l'expiration du délai de rétractation de dix jours (article L6353-6 du Code du travail).",
          `À l'expiration de ce délai, le stagiaire verse un acompte qui ne peut excéder 30 % du prix, soit au plus ${frEuros(Math.floor((htCents + vatCents) * 0.3))}.`,
          `Le solde est échelonné au fur et à mesure du déroulement de l'action de formation, par virement${iban}, à réception de chaque facture.`,
        ]
      : [
          `Le prix est facturé à ${CAPACITY[choice.payer]} à l'issue de la formation (ou selon l'échéancier convenu), payable à ${legal.paymentTermsDays} jours date de facture, par virement${iban}.`,
          ...(choice.payer === "OPCO" ? ["En cas de prise en charge partielle par l'OPCO, la différence est facturée à l'employeur."] : []),
          "Aucun escompte pour paiement anticipé. Tout retard de paiement entraîne des pénalités au taux de trois fois le taux d'intérêt légal et une indemnité forfaitaire de 40 € pour frais de recouvrement (article L441-10 du Code de commerce).",
          "En cas de renoncement ou d'abandon, seules les prestations effectivement dispensées sont dues au prorata temporis (article L6354-1 du Code du travail).",
        ];
  const withdrawal =
    kind === "CONTRACT"
      ? [
          "À compter de la date de signature du présent contrat, le stagiaire dispose d'un délai de dix jours pour se rétracter, par lettre recommandée avec avis de réception (article L6353-5 du Code du travail). Aucune somme ne peut alors lui être réclamée.",
          "Si, par suite de force majeure dûment reconnue, le stagiaire est empêché de suivre la formation, il peut rompre le contrat ; seules les prestations effectivement dispensées sont alors dues au prorata temporis de leur valeur prévue au contrat (article L6353-7).",
        ]
      : null;

  const today = localDate(now, tz);
  const first = allDays[0]?.date ?? null;
  const last = allDays[allDays.length - 1]?.date ?? null;
  return {
    kind,
    payer: choice.payer,
    title: kind === "CONTRACT" ? "Contrat de formation professionnelle" : "Convention de formation professionnelle",
    legalBasis: kind === "CONTRACT" ? "Articles L6353-3 à L6353-7 du Code du travail" : "Articles L6353-1, L6353-2 et D6353-1 du Code du travail",
    organisation,
    client,
    course: {
      title: c.title,
      objectives: txt(c.pedagogicalObjectives),
      targetAudience: txt(c.targetAudience),
      prerequisites: txt(c.prerequisites),
      teachingMethods: txt(c.teachingMethods),
      evaluationMethods: txt(c.evaluationMethods),
      accessibility: txt(c.accessibilityInfo),
    },
    programme,
    sessions,
    startDate: first ? frLongDate(first) : null,
    endDate: last ? frLongDate(last) : null,
    startsOn: first,
    durationMinutes,
    durationLabel: durationMinutes ? formatDuration(durationMinutes) : NOT_SET,
    modeSummary,
    trainees,
    price,
    paymentTerms,
    withdrawal,
    signedPlace: legal.city || NOT_SET,
    dateLabel: frLongDate(today),
    generatedOn: today,
  };
}

/** SHA-256 of what the agreement says, without its date: equal hashes make no new version. */
export function contentHash(c: ConventionContent): string {
  const { dateLabel: _d, generatedOn: _g, ...rest } = c;
  return createHash("sha256").update(JSON.stringify(rest)).digest("hex");
}

/** The client who pays an enrollment: its recorded convention's client, else its invoices' EMPLOYER/OPCO client. */
export async function invoicedPayer(db: DbOrTx, scope: TenantScope, enrollmentId: string): Promise<PayerChoice | null> {
  const rows = await db
    .select({ client: billingClients, payer: invoices.payer })
    .from(invoices)
    .innerJoin(billingClients, scope.where(billingClients, eq(billingClients.id, invoices.clientId)))
    .where(scope.where(invoices, eq(invoices.enrollmentId, enrollmentId), inArray(invoices.payer, ["EMPLOYER", "OPCO"]), ne(invoices.status, "CANCELLED")))
    .orderBy(desc(invoices.createdAt));
  // The employer signs when both an employer and an OPCO pay (the OPCO's share is a funding agreement of its own).
  const pick = rows.find((r) => r.payer === "EMPLOYER") ?? rows[0];
  return pick ? { payer: pick.payer as ConventionPayer, client: pick.client } : null;
}

/** The capacity in which a billing client pays, from its kind. */
export function payerOfClient(client: typeof billingClients.$inferSelect, learnerId: string): ConventionPayer {
  if (client.kind === "OPCO") return "OPCO";
  if (client.kind === "INDIVIDUAL") return client.userId === learnerId ? "LEARNER" : "OTHER";
  return "EMPLOYER";
}
