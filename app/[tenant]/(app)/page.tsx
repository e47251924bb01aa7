import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AdminHome, type TenantStats } from "@/components/home/admin-home";
import { ComingSoon } from "@/components/home/coming-soon";
import { LearnerHome } from "@/components/home/learner-home";
import { TrainerHome } from "@/components/sessions/trainer-home";
import { NAV_BY_ROLE } from "@/components/shell/navigation";
import { getTranslator } from "@/lib/i18n/server";
import { serverCaller } from "@/lib/server/api-caller";
import { getMe } from "@/lib/server/me";
import { displayNameOf, getTenantProfile } from "@/lib/server/tenant";
import type { MessageKey } from "@/messages";

type Props = { params: Promise<{ tenant: string }> };

/** What the home of the roles without a built screen will hold. */
const HOME_DESCRIPTION: Record<"CREATOR" | "FUNDER", MessageKey> = {
  CREATOR: "comingSoon.myCourses",
  FUNDER: "comingSoon.fundedFiles",
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { t } = await getTranslator();
  const me = await getMe((await params).tenant);
  return { title: t(me?.role ? NAV_BY_ROLE[me.role][0]!.label : "nav.dashboard") };
}

/** Home per role: the admin dashboard, the trainer's sessions, the learner's courses, or the role's first section. */
export default async function HomePage({ params }: Props) {
  const { tenant: slug } = await params;
  const [{ t, locale }, tenant, me] = await Promise.all([getTranslator(), getTenantProfile(slug), getMe(slug)]);
  if (!me?.role) return null;
  // A creator's home is their course list.
  if (me.role === "CREATOR") redirect("/courses");
  // A financier's home is the invoices.
  if (me.role === "FINANCIER") redirect("/billing");
  const firstName = me.firstName || me.email;
  if (me.role === "ADMIN") {
    const stats: TenantStats | null = await (await serverCaller(slug)).tenants
      .stats({ id: tenant.id })
      .then((r) => r.data)
      .catch(() => null);
    return <AdminHome t={t} locale={locale} firstName={firstName} tenantName={displayNameOf(tenant)} stats={stats} />;
  }
  if (me.role === "LEARNER") return <LearnerHome t={t} firstName={firstName} />;
  if (me.role === "TRAINER") return <TrainerHome lead={t("home.greeting", { name: firstName })} />;
  return <ComingSoon t={t} title={NAV_BY_ROLE[me.role][0]!.label} description={HOME_DESCRIPTION[me.role]} lead={t("home.greeting", { name: firstName })} />;
}
