/** Learner signing by time slot, "sign now" on the home page, attendance reminders (fr). Spread into messages/fr.ts. */
export const signing_fr = {
  attNow: {
    title: "À signer maintenant",
    sign: "Signer ma présence",
    signedAt: "Signé à {time}",
    slotLabel: "Créneau\u202f: {label}",
    slotTime: "{start} – {end}",
    wholeSession: "Toute la session",
    nextSlot: "Le premier créneau commence à {time}.",
    lateSlot: "Créneau terminé\u202f: vous pouvez encore le signer.",
  },
  attSlots: {
    current: "Créneau en cours",
    toSign: "Signez ce créneau",
    others: "Tous les créneaux",
    signedAt: "Signé à {time}",
    notSigned: "Non signé",
    upcoming: "À venir",
    signNow: "Signer",
    signingThis: "Signature du créneau «\u202f{label}\u202f»",
    noneStarted: "Le premier créneau commence à {time}\u202f: revenez à ce moment-là.",
  },
  attReminder: {
    button: "Renvoyer le rappel",
    title: "Renvoyer le rappel de signature\u202f?",
    message: "Un e-mail avec le lien de signature part maintenant vers chaque apprenant inscrit qui n'a pas encore signé le créneau en cours.",
    confirm: "Envoyer le rappel",
    sending: "Envoi…",
    sent: "{count, plural, =0 {Tout le monde a déjà signé\u202f: aucun rappel envoyé.} one {Rappel envoyé à # apprenant.} other {Rappel envoyé à # apprenants.}}",
  },
};
