import { elide, formatLongDate, frenchSpacing } from "../../../lib/i18n/format";

/**
 * Transactional e-mails, French first, English available. The French ones are written with plain
 * spaces: renderMail gives them French spacing (U+202F before ? ! : ; and inside « »).
 */
type Locale = "fr" | "en";
export type MailTemplate = "invitation" | "password-reset" | "session-convocation" | "session-update" | "session-cancellation" | "webhook-disabled" | "attendance-reminder"
  | "complaint-received" | "complaint-acknowledged" | "complaint-resolved" | "complaint-sla-warning" | "complaint-mediation"
  | "survey-end-of-course" | "survey-follow-up" | "invoice-sent" | "convention-sign" | "quote-requested" | "quote-acknowledged";

type Rendered = { subject: string; text: string };

const T: Record<MailTemplate, Record<Locale, (v: Record<string, string>) => Rendered>> = {
  // conventions: vars tenantName, title (Convention / Contrat de formation professionnelle), course, version, link (the signing page), message (may be "")
  "convention-sign": {
    fr: (v) => ({
      subject: `${v.title} à signer — ${v.course} (${v.tenantName})`,
      text: `Bonjour,\n\n${v.message ? `${v.message}\n\n` : ""}${v.tenantName} vous adresse le document « ${v.title} » de la formation « ${v.course} » (version ${v.version}), joint à ce message.\n\nVous pouvez le lire et le signer en ligne, sans créer de compte : ${v.link}\n\nCe lien est personnel ; ne le transférez pas.\n\nCordialement,\n${v.tenantName}`,
    }),
    en: (v) => ({
      subject: `Training agreement to sign — ${v.course} (${v.tenantName})`,
      text: `Hello,\n\n${v.message ? `${v.message}\n\n` : ""}${v.tenantName} sends you the training agreement "${v.course}" (version ${v.version}), attached.\n\nRead and sign it online, no account needed: ${v.link}\n\nThis link is personal; do not forward it.\n\nKind regards,\n${v.tenantName}`,
    }),
  },
  // invoices: vars tenantName, number, kind (invoice | credit-note), total (formatted), dueDate (the calendar day YYYY-MM-DD or "", written out in the
  // recipient's language: "mardi 31 mars 2026", "Tuesday 31 March 2026"), message (may be "")
  "invoice-sent": {
    fr: (v) => ({
      subject: `${v.kind === "credit-note" ? "Avoir" : "Facture"} ${v.number} — ${v.tenantName}`,
      text: `Bonjour,\n\n${v.message ? `${v.message}\n\n` : ""}Veuillez trouver ci-joint ${v.kind === "credit-note" ? "l'avoir" : "la facture"} ${v.number} d'un montant de ${v.total}${v.kind !== "credit-note" && v.dueDate ? `, à régler avant le ${formatLongDate(v.dueDate, "fr")}` : ""}.\n\nLe PDF joint est une facture électronique Factur-X : les données structurées y sont intégrées.\n\nCordialement,\n${v.tenantName}`,
    }),
    en: (v) => ({
      subject: `${v.kind === "credit-note" ? "Credit note" : "Invoice"} ${v.number} — ${v.tenantName}`,
      text: `Hello,\n\n${v.message ? `${v.message}\n\n` : ""}Please find attached ${v.kind === "credit-note" ? "credit note" : "invoice"} ${v.number} for ${v.total}${v.kind !== "credit-note" && v.dueDate ? `, due by ${formatLongDate(v.dueDate, "en")}` : ""}.\n\nThe attached PDF is a Factur-X e-invoice: its structured data is embedded.\n\nKind regards,\n${v.tenantName}`,
    }),
  },
  invitation: {
    fr: (v) => ({
      subject: `Invitation à rejoindre ${v.tenantName}`,
      text: `Bonjour ${v.firstName},\n\n${v.inviterName} vous invite à rejoindre ${v.tenantName} sur la plateforme de formation.\n\nAcceptez l'invitation : ${v.link}\n\nCe lien est valable 7 jours.`,
    }),
    en: (v) => ({
      subject: `Invitation to join ${v.tenantName}`,
      text: `Hello ${v.firstName},\n\n${v.inviterName} invites you to join ${v.tenantName} on the training platform.\n\nAccept the invitation: ${v.link}\n\nThis link is valid for 7 days.`,
    }),
  },
  "password-reset": {
    fr: (v) => ({
      subject: "Réinitialisation de votre mot de passe",
      text: `Bonjour ${v.firstName},\n\nPour choisir un nouveau mot de passe, ouvrez ce lien : ${v.link}\n\nIl est valable 1 heure. Si vous n'avez rien demandé, ignorez ce message.`,
    }),
    en: (v) => ({
      subject: "Reset your password",
      text: `Hello ${v.firstName},\n\nTo choose a new password, open this link: ${v.link}\n\nIt is valid for 1 hour. If you did not ask for this, ignore this message.`,
    }),
  },
  // live sessions: vars firstName, title, courseTitle, when (the schedule as formatSchedule prints it in the
  // recipient's language: "mardi 8 décembre 2026, 09:00–12:30 et 13:30–17:00 ; 7 h"), zone (its hours'
  // label, timeZoneLabel: "heure de Paris"; may be absent), link,
  // mode (PRESENTIAL, REMOTE, HYBRID), place (formatted, "" when REMOTE)
  "session-convocation": {
    fr: (v) => ({
      subject: `Convocation : ${v.title}`,
      text: `Bonjour ${v.firstName},\n\nNous vous convoquons à la session « ${v.title} » de la formation ${v.courseTitle}.\n\nDates et horaires${zoneOf(v)} : ${v.when}\n\n${sessionWhere(v, "fr")}\n\nL'invitation de calendrier est jointe.`,
    }),
    en: (v) => ({
      subject: `Invitation: ${v.title}`,
      text: `Hello ${v.firstName},\n\nYou are invited to the session "${v.title}" of the course ${v.courseTitle}.\n\nDates and times${zoneOf(v)}: ${v.when}\n\n${sessionWhere(v, "en")}\n\nThe calendar invitation is attached.`,
    }),
  },
  "session-update": {
    fr: (v) => ({
      subject: `Session déplacée : ${v.title}`,
      text: `Bonjour ${v.firstName},\n\nLa session « ${v.title} » de la formation ${v.courseTitle} a été déplacée.\n\nNouvelles dates et horaires${zoneOf(v)} : ${v.when}\n\n${sessionWhere(v, "fr")}\n\nL'invitation de calendrier mise à jour est jointe.`,
    }),
    en: (v) => ({
      subject: `Session moved: ${v.title}`,
      text: `Hello ${v.firstName},\n\nThe session "${v.title}" of the course ${v.courseTitle} was moved.\n\nNew dates and times${zoneOf(v)}: ${v.when}\n\n${sessionWhere(v, "en")}\n\nThe updated calendar invitation is attached.`,
    }),
  },
  "session-cancellation": {
    fr: (v) => ({
      subject: `Session annulée : ${v.title}`,
      text: `Bonjour ${v.firstName},\n\nLa session « ${v.title} » de la formation ${v.courseTitle} est annulée pour vous.\n\nElle était prévue : ${v.when}`,
    }),
    en: (v) => ({
      subject: `Session cancelled: ${v.title}`,
      text: `Hello ${v.firstName},\n\nThe session "${v.title}" of the course ${v.courseTitle} is cancelled for you.\n\nIt was planned: ${v.when}`,
    }),
  },
  // webhooks: vars firstName, url, failures, link (the webhooks page)
  "webhook-disabled": {
    fr: (v) => ({
      subject: `Webhook désactivé : ${v.url}`,
      text: `Bonjour ${v.firstName},\n\nLe webhook ${v.url} a été désactivé après ${v.failures} livraisons échouées consécutives : la plateforme ne lui envoie plus d'événements.\n\nConsultez le journal des livraisons, corrigez le récepteur puis réactivez le webhook : ${v.link}`,
    }),
    en: (v) => ({
      subject: `Webhook disabled: ${v.url}`,
      text: `Hello ${v.firstName},\n\nThe webhook ${v.url} was disabled after ${v.failures} consecutive failed deliveries: the platform no longer sends it events.\n\nCheck the delivery log, fix the receiver, then re-activate the webhook: ${v.link}`,
    }),
  },
  // attendance: vars firstName, title, slot ("14:00–15:30", tenant time zone), closing ("yes" before the slot closes), link
  "attendance-reminder": {
    fr: (v) => ({
      subject: v.closing === "yes" ? `Dernier rappel : signez votre présence (${v.title})` : `Signez votre présence : ${v.title}`,
      text: `Bonjour ${v.firstName},\n\nVotre présence à la session « ${v.title} » (${v.slot}) n'est pas encore signée.${v.closing === "yes" ? " Le créneau se termine bientôt." : ""}\n\nSigner maintenant : ${v.link}`,
    }),
    en: (v) => ({
      subject: v.closing === "yes" ? `Last reminder: sign your attendance (${v.title})` : `Sign your attendance: ${v.title}`,
      text: `Hello ${v.firstName},\n\nYour attendance at the session "${v.title}" (${v.slot}) is not signed yet.${v.closing === "yes" ? " The time slot ends soon." : ""}\n\nSign now: ${v.link}`,
    }),
  },
  // quote requests (public course page), to each ADMIN: vars firstName, course, company, learners, contactName, email, phone ("" when not given), message, link (the needs analyses)
  "quote-requested": {
    fr: (v) => ({
      subject: `Demande de devis : ${v.course} (${v.company})`,
      text: `Bonjour ${v.firstName},\n\n${v.contactName} (${v.company}) demande un devis pour la formation « ${v.course} », pour ${v.learners === "1" ? "1 stagiaire" : `${v.learners} stagiaires`}.\n\nE-mail : ${v.email}${v.phone ? `\nTéléphone : ${v.phone}` : ""}\n\nMessage :\n${v.message}\n\nUne analyse des besoins a été créée pour cette entreprise : ${v.link}`,
    }),
    en: (v) => ({
      subject: `Quote request: ${v.course} (${v.company})`,
      text: `Hello ${v.firstName},\n\n${v.contactName} (${v.company}) asks for a quote for the course "${v.course}", for ${v.learners === "1" ? "1 learner" : `${v.learners} learners`}.\n\nE-mail: ${v.email}${v.phone ? `\nPhone: ${v.phone}` : ""}\n\nMessage:\n${v.message}\n\nA needs analysis was created for this company: ${v.link}`,
    }),
  },
  // To the visitor who asked for a quote. vars contactName, company, course, learners, tenantName, link (the course's public page)
  "quote-acknowledged": {
    fr: (v) => ({
      subject: `Votre demande de devis : ${v.course} (${v.tenantName})`,
      text: `Bonjour ${v.contactName},\n\nNous avons bien reçu votre demande de devis pour la formation « ${v.course} », pour ${v.learners === "1" ? "1 stagiaire" : `${v.learners} stagiaires`} ${elide("de", v.company ?? "")}.\n\nNotre équipe étudie votre besoin et revient vers vous avec une proposition adaptée. Vous pouvez répondre à ce message pour compléter votre demande.\n\nLe programme de la formation : ${v.link}\n\nCordialement,\n${v.tenantName}`,
    }),
    en: (v) => ({
      subject: `Your quote request: ${v.course} (${v.tenantName})`,
      text: `Hello ${v.contactName},\n\nWe have received your quote request for the course "${v.course}", for ${v.learners === "1" ? "1 learner" : `${v.learners} learners`} of ${v.company}.\n\nOur team is reviewing your needs and will come back to you with a tailored proposal. You can reply to this message to add details.\n\nThe course programme: ${v.link}\n\nKind regards,\n${v.tenantName}`,
    }),
  },
  // complaints: vars firstName, reference, subject, category, severity, complainant, link (the complaint's page),
  // critical ("yes" for CRITICAL), slaDueAt (tenant-local text, CRITICAL only)
  "complaint-received": {
    fr: (v) => ({
      subject: `${v.critical === "yes" ? "[CRITIQUE] " : ""}Nouvelle réclamation ${v.reference} : ${v.subject}`,
      text: `Bonjour ${v.firstName},\n\nUne réclamation a été déposée par ${v.complainant}.\n\nObjet : ${v.subject}\nCatégorie : ${v.category}\nGravité : ${v.severity}${v.critical === "yes" ? `\n\nRéclamation critique : elle doit être traitée avant le ${v.slaDueAt} (24 h).` : ""}\n\nTraiter la réclamation : ${v.link}`,
    }),
    en: (v) => ({
      subject: `${v.critical === "yes" ? "[CRITICAL] " : ""}New complaint ${v.reference}: ${v.subject}`,
      text: `Hello ${v.firstName},\n\nA complaint was filed by ${v.complainant}.\n\nSubject: ${v.subject}\nCategory: ${v.category}\nSeverity: ${v.severity}${v.critical === "yes" ? `\n\nCritical complaint: it must be handled before ${v.slaDueAt} (24 h).` : ""}\n\nHandle the complaint: ${v.link}`,
    }),
  },
  // To the complainant. vars name ("" when unknown), reference (RECL-2026-0042), subject, receivedOn (tenant-local day),
  // critical ("yes": the 24 h SLA), answerDays (the promised delay in days), answerDueOn (tenant-local), tenantName
  "complaint-acknowledged": {
    fr: (v) => ({
      subject: `Réclamation ${v.reference} bien reçue : ${v.subject}`,
      text: `${v.name ? `Bonjour ${v.name},` : "Bonjour,"}\n\nNous avons bien reçu votre réclamation « ${v.subject} » le ${v.receivedOn}.\nSa référence est ${v.reference} : merci de la rappeler dans vos échanges avec nous.\n\nNous vous répondrons ${v.critical === "yes" ? "sous 24 heures" : `sous ${v.answerDays} jours`}, au plus tard le ${v.answerDueOn}.\n\nCordialement,\n${v.tenantName}`,
    }),
    en: (v) => ({
      subject: `Complaint ${v.reference} received: ${v.subject}`,
      text: `${v.name ? `Hello ${v.name},` : "Hello,"}\n\nWe have received your complaint "${v.subject}" on ${v.receivedOn}.\nIts reference is ${v.reference}: please quote it when you write to us.\n\nWe will answer ${v.critical === "yes" ? "within 24 hours" : `within ${v.answerDays} days`}, by ${v.answerDueOn} at the latest.\n\nKind regards,\n${v.tenantName}`,
    }),
  },
  // vars name ("" when unknown: a neutral greeting), subject, resolution, correctiveActions (one per line, "" when none), tenantName, reference ("" on older complaints)
  "complaint-resolved": {
    fr: (v) => ({
      subject: `Votre réclamation${v.reference ? ` ${v.reference}` : ""} : ${v.subject}`,
      text: `${v.name ? `Bonjour ${v.name},` : "Bonjour,"}\n\nVotre réclamation « ${v.subject} » a été traitée par ${v.tenantName}.\n\nRéponse :\n${v.resolution}${v.correctiveActions ? `\n\nActions correctives :\n${v.correctiveActions}` : ""}\n\nSi vous n'êtes pas d'accord avec cette réponse, répondez à ce message : votre réclamation pourra être transmise au médiateur.`,
    }),
    en: (v) => ({
      subject: `Your complaint${v.reference ? ` ${v.reference}` : ""}: ${v.subject}`,
      text: `${v.name ? `Hello ${v.name},` : "Hello,"}\n\nYour complaint "${v.subject}" was handled by ${v.tenantName}.\n\nAnswer:\n${v.resolution}${v.correctiveActions ? `\n\nCorrective actions:\n${v.correctiveActions}` : ""}\n\nIf you disagree with this answer, reply to this message: your complaint can be referred to the mediator.`,
    }),
  },
  // vars firstName, subject, slaDueAt (tenant-local text), link
  "complaint-sla-warning": {
    fr: (v) => ({
      subject: `Délai bientôt dépassé : ${v.subject}`,
      text: `Bonjour ${v.firstName},\n\nLa réclamation critique « ${v.subject} » n'est pas encore résolue : son délai de traitement de 24 h se termine le ${v.slaDueAt}.\n\nTraiter la réclamation : ${v.link}`,
    }),
    en: (v) => ({
      subject: `Deadline close: ${v.subject}`,
      text: `Hello ${v.firstName},\n\nThe critical complaint "${v.subject}" is not resolved yet: its 24 h handling deadline ends on ${v.slaDueAt}.\n\nHandle the complaint: ${v.link}`,
    }),
  },
  // vars tenantName, reference (RECL-2026-0042, "" on older complaints), subject, description, resolution, reason, complainant
  "complaint-mediation": {
    fr: (v) => ({
      subject: `Demande de médiation (${v.tenantName}) : ${v.subject}`,
      text: `Bonjour,\n\n${v.tenantName} vous transmet une réclamation pour médiation${v.reference ? ` (référence ${v.reference})` : ""}.\n\nRéclamant : ${v.complainant}\nObjet : ${v.subject}\n\nRéclamation :\n${v.description}\n\nRéponse apportée :\n${v.resolution}\n\nMotif du désaccord :\n${v.reason}`,
    }),
    en: (v) => ({
      subject: `Mediation request (${v.tenantName}): ${v.subject}`,
      text: `Hello,\n\n${v.tenantName} refers a complaint to you for mediation${v.reference ? ` (reference ${v.reference})` : ""}.\n\nComplainant: ${v.complainant}\nSubject: ${v.subject}\n\nComplaint:\n${v.description}\n\nAnswer given:\n${v.resolution}\n\nReason for the disagreement:\n${v.reason}`,
    }),
  },
  // surveys: vars firstName, courseTitle, tenantName, link (the signed survey link), expiresAt (tenant-local text)
  "survey-end-of-course": {
    fr: (v) => ({
      subject: `Votre avis sur la formation « ${v.courseTitle} »`,
      text: `Bonjour ${v.firstName},\n\nVous avez terminé la formation « ${v.courseTitle} ». Félicitations !\n\n${v.tenantName} aimerait connaître votre avis : le questionnaire prend deux minutes et se remplit sur téléphone, sans mot de passe.\n\nRépondre : ${v.link}\n\nCe lien personnel est valable jusqu'au ${v.expiresAt}.`,
    }),
    en: (v) => ({
      subject: `Your feedback on "${v.courseTitle}"`,
      text: `Hello ${v.firstName},\n\nYou have completed the course "${v.courseTitle}". Congratulations!\n\n${v.tenantName} would like your feedback: the survey takes two minutes and works on a phone, with no password.\n\nAnswer: ${v.link}\n\nThis personal link is valid until ${v.expiresAt}.`,
    }),
  },
  "survey-follow-up": {
    fr: (v) => ({
      subject: `Quelques mois après « ${v.courseTitle} » : votre retour`,
      text: `Bonjour ${v.firstName},\n\nIl y a quelques mois, vous avez suivi la formation « ${v.courseTitle} » avec ${v.tenantName}. Qu'en avez-vous fait depuis ?\n\nVotre réponse nous aide à améliorer nos formations : ${v.link}\n\nCe lien personnel est valable jusqu'au ${v.expiresAt}.`,
    }),
    en: (v) => ({
      subject: `A few months after "${v.courseTitle}": your feedback`,
      text: `Hello ${v.firstName},\n\nA few months ago you took the course "${v.courseTitle}" with ${v.tenantName}. How has it helped you since?\n\nYour answer helps us improve our courses: ${v.link}\n\nThis personal link is valid until ${v.expiresAt}.`,
    }),
  },
};

/** Every template (the tests render each of them). */
export const MAIL_TEMPLATES = Object.keys(T) as MailTemplate[];

/** The subject and text of a mail in the recipient's language; a French one with French spacing (frenchSpacing). */
export function renderMail(template: MailTemplate, locale: string, vars: Record<string, string>): Rendered {
  const lang: Locale = locale.startsWith("en") ? "en" : "fr";
  const mail = T[template][lang](vars);
  return lang === "fr" ? { subject: frenchSpacing(mail.subject), text: frenchSpacing(mail.text) } : mail;
}

/** " (heure de Paris)" after "Dates et horaires" when the sender gave the zone's label. */
const zoneOf = (v: Record<string, string>) => (v.zone ? ` (${v.zone})` : "");

/** The schedule, the place (PRESENTIAL, HYBRID) and the join link (REMOTE, HYBRID) of a session mail. */
function sessionWhere(v: Record<string, string>, lang: "fr" | "en"): string {
  const fr = lang === "fr";
  const lines: string[] = [];
  if (v.place) lines.push(`${fr ? "Lieu : " : "Place: "}${v.place}`);
  // Only a remote or hybrid session has a connection link; an in-person one links to its page.
  if (v.mode !== "PRESENTIAL") lines.push(`${fr ? "Lien de connexion à la classe virtuelle : " : "Link to join the virtual classroom: "}${v.link}`);
  else lines.push(`${fr ? "Informations pratiques : " : "Practical information: "}${v.link}`);
  return lines.join("\n\n");
}
