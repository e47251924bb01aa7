/** Learner signing by time slot, "sign now" on the home page, attendance reminders (en). Spread into messages/en.ts. */
export const signing_en = {
  attNow: {
    title: "To sign now",
    sign: "Sign my attendance",
    signedAt: "Signed at {time}",
    slotLabel: "Time slot: {label}",
    slotTime: "{start} – {end}",
    wholeSession: "Whole session",
    nextSlot: "The first time slot starts at {time}.",
    lateSlot: "Time slot over: you can still sign it.",
  },
  attSlots: {
    current: "Current time slot",
    toSign: "Sign this time slot",
    others: "All time slots",
    signedAt: "Signed at {time}",
    notSigned: "Not signed",
    upcoming: "Upcoming",
    signNow: "Sign",
    signingThis: "Signing the time slot “{label}”",
    noneStarted: "The first time slot starts at {time}: come back then.",
  },
  attReminder: {
    button: "Send the reminder again",
    title: "Send the signing reminder again?",
    message: "An e-mail with the signing link goes now to every registered learner who has not signed the current time slot yet.",
    confirm: "Send the reminder",
    sending: "Sending…",
    sent: "{count, plural, =0 {Everyone has signed: no reminder sent.} one {Reminder sent to # learner.} other {Reminder sent to # learners.}}",
  },
};
