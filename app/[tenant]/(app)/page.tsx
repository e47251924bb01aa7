import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { FunderHome } from "@/components/funders/funder-home";
import { AdminHome, type TenantStats } from "@/components/home/admin-home";
import { LearnerHome } from "@/components/home/learner-home";
import { TrainerHome } from "@/components/sessions/trainer-home";
import { NAV_BY_ROLE } from "@/components/shell/navigation";
import { getTranslator } from "@/lib/i18n/server";
import { serverCaller } from "@/lib/server/api-caller";
import { getMe } from "@/lib/server/me";
import { displayNameOf, getTenantProfile } from "@/lib/server/tenant";

type Props = { params: Promise<{ tenant: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { t } = await getTranslator();
  const me = await getMe((await params).tenant);
  return { title: t(me?.role ? NAV_BY_ROLE[me.role][0]!.label : "nav.dashboard") };
}

/** Home per role: the admin dashboard, the trainer's sessions, the learner's courses, the funder's funded files, or the role's first section. */
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
  // A funder's home: the enrollments their funder finances ("Dossiers financés").
  if (me.role === "FUNDER")
    return (
      <Suspense>
        <FunderHome lead={t("home.greeting", { name: firstName })} />
      </Suspense>
    );
  return null;
}
