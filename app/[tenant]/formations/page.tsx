import type { Metadata } from "next";
import Link from "next/link";
import { formatPrice } from "@/components/courses/money";
import { PublicHeader } from "@/components/surveys/public-course";
import styles from "@/components/surveys/surveys.module.css";
import { serverCaller } from "@/lib/server/api-caller";
import { getTranslator } from "@/lib/i18n/server";
import { displayNameOf, getTenantProfile } from "@/lib/server/tenant";
import type { MessageKey } from "@/messages";

type Props = { params: Promise<{ tenant: string }>; searchParams: Promise<{ page?: string }> };

export async function generateMetadata({ params }: Pick<Props, "params">): Promise<Metadata> {
  const { t } = await getTranslator();
  const tenant = await getTenantProfile((await params).tenant);
  return { title: t("publicCourse.indexTitle"), description: t("publicCourse.indexIntro"), openGraph: { title: `${t("publicCourse.indexTitle")} · ${displayNameOf(tenant)}`, type: "website" } };
}

/** The tenant's public course index (no sign-in): every PUBLISHED course. */
export default async function PublicCoursesIndex({ params, searchParams }: Props) {
  const { tenant: slug } = await params;
  const page = Math.max(1, Number((await searchParams).page) || 1);
  const [tenant, { t, locale }, list] = await Promise.all([getTenantProfile(slug), getTranslator(), (await serverCaller(slug)).surveys.publicCourses({ page, perPage: 24 })]);
  const pages = Math.max(1, Math.ceil(list.meta.total / list.meta.perPage));
  return (
    <div className={styles.publicPage}>
      <PublicHeader brandName={displayNameOf(tenant)} logoUrl={tenant.branding.logoUrl} />
      <main id="main" className="stack-lg">
        <div className="stack">
          <h1>{t("publicCourse.indexTitle")}</h1>
          <p className="muted">{t("publicCourse.indexIntro")}</p>
        </div>
        {list.data.length === 0 ? <p>{t("publicCourse.empty")}</p> : null}
        <ul className={styles.courseList}>
          {list.data.map((c) => (
            <li key={c.slug} className="card stack">
              <h2>
                <Link href={`/formations/${c.slug}`}>{c.title}</Link>
              </h2>
              <p className="muted">
                {[c.duration ? t("publicCourse.hours", { n: c.duration }) : null, t(`publicCourse.format_${c.format}` as MessageKey), c.price === 0 ? t("publicCourse.free") : formatPrice(c.price, c.currency, locale)]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
              <p>{c.description.length > 200 ? `${c.description.slice(0, 199)}…` : c.description}</p>
            </li>
          ))}
        </ul>
        {pages > 1 ? (
          <nav aria-label="Pagination" className="form-actions">
            {page > 1 ? <Link href={`/formations?page=${page - 1}`}>←</Link> : null}
            <span>
              {page} / {pages}
            </span>
            {page < pages ? <Link href={`/formations?page=${page + 1}`}>→</Link> : null}
          </nav>
        ) : null}
      </main>
    </div>
  );
}
