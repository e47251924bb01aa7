import type { MessageKey } from "@/messages";

export type Role = "ADMIN" | "CREATOR" | "TRAINER" | "LEARNER" | "FINANCIER" | "FUNDER";

export type NavItem = { href: string; label: MessageKey };

/** Navigation per role; the first item is the role's home ("/", or the page "/" redirects to). */
export const NAV_BY_ROLE: Record<Role, NavItem[]> = {
  ADMIN: [
    { href: "/", label: "nav.dashboard" },
    { href: "/users", label: "nav.users" },
    { href: "/courses", label: "nav.courses" },
    { href: "/enrollments", label: "learnNav.enrollments" },
    { href: "/activity", label: "learnNav.activity" },
    { href: "/sessions", label: "nav.sessions" },
    { href: "/attendance", label: "nav.attendance" },
    { href: "/templates", label: "docNav.templates" },
    { href: "/documents", label: "docNav.documents" },
    { href: "/quality", label: "nav.quality" },
    { href: "/needs", label: "nav.needs" },
    { href: "/billing", label: "nav.billing" },
    { href: "/bpf", label: "nav.bpf" },
    { href: "/webhooks", label: "nav.webhooks" },
    { href: "/settings", label: "nav.settings" },
  ],
  CREATOR: [
    // The course list is the creator's home: "/" redirects there (app/[tenant]/(app)/page.tsx).
    { href: "/courses", label: "nav.myCourses" },
    { href: "/sessions", label: "nav.sessions" },
    { href: "/templates", label: "docNav.templates" },
    { href: "/needs", label: "nav.needs" },
    { href: "/learners", label: "nav.learners" },
  ],
  TRAINER: [
    { href: "/", label: "nav.mySessions" },
    { href: "/attendance", label: "nav.attendance" },
  ],
  LEARNER: [
    { href: "/", label: "nav.myCourses" },
    { href: "/catalogue", label: "nav.catalogue" },
    { href: "/my-sessions", label: "nav.mySessions" },
    { href: "/sign-attendance", label: "nav.signAttendance" },
    { href: "/documents", label: "docNav.myDocuments" },
    { href: "/my-complaint", label: "nav.complaint" },
  ],
  FINANCIER: [
    // The invoices are the financier's home: "/" redirects there (app/[tenant]/(app)/page.tsx).
    { href: "/billing", label: "nav.billing" },
    { href: "/bpf", label: "nav.bpf" },
    // Reads the legal identity there (/settings/legal).
    { href: "/settings", label: "nav.settings" },
  ],
  FUNDER: [
    { href: "/", label: "nav.fundedFiles" },
    { href: "/documents", label: "docNav.documents" },
  ],
};
