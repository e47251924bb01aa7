/** Transactional e-mails, French first, English available. */
export type Locale = "fr" | "en";
export type MailTemplate = "invitation" | "password-reset";

type Rendered = { subject: string; text: string };

const T: Record<MailTemplate, Record<Locale, (v: Record<string, string>) => Rendered>> = {
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
};

export function renderMail(template: MailTemplate, locale: string, vars: Record<string, string>): Rendered {
  const lang: Locale = locale.startsWith("en") ? "en" : "fr";
  return T[template][lang](vars);
}
