"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { formatPrice, personName } from "@/components/learn/format";
import { formatKey, lessonKindKey, levelKey } from "@/components/learn/labels";
import { MarkdownView } from "@/components/learn/markdown-view";
import type { CoursePage as Course } from "@/components/learn/types";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { MessageKey } from "@/messages";
import { Loading } from "@/components/ui/skeleton";
import { PayButton } from "@/components/payments/pay-button";
import styles from "./catalogue.module.css";

/** The course page of the catalogue: presentation, Qualiopi information, programme, trainers. */
export function CoursePageView({ slug }: { slug: string }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const course = useQuery(trpc.courses.bySlug.queryOptions({ id: slug }));
  const mine = useQuery(trpc.enrollments.me.queryOptions({ page: 1, limit: 100 }));

  if (course.isPending) {
    return <Loading shape="page" />;
  }
  if (course.isError) {
    return (
      <>
        <BackLink />
        <Alert kind="error">{errorInfo(course.error).status === 404 ? t("learnCommon.notFound") : errorMessage(course.error, t)}</Alert>
      </>
    );
  }
  const c = course.data.data;
  const enrollment = mine.data?.data.find((e) => e.courseId === c.id && (e.status === "ACTIVE" || e.status === "COMPLETED"));
  return (
    <article className="course-page">
      <BackLink />
      <header className={styles.courseHero}>
        <p className={styles.courseCardTags}>
          <span className={`badge ${styles.badgeFormat}`}>{t(formatKey(c.format))}</span>
          {c.level ? <span className="badge badge-level">{t(levelKey(c.level))}</span> : null}
        </p>
        <h1>{c.title}</h1>
        <p className="muted">{t("learnCourse.by", { name: personName(c.creator) })}</p>
      </header>
      <div className={styles.courseLayout}>
        <div className={styles.courseMain}>
          <MarkdownView source={c.description} />
          <TextSection title="learnCourse.objectives" text={c.pedagogicalObjectives} />
          <TextSection title="learnCourse.prerequisites" text={c.prerequisites ?? ""} fallback={t("learnCourse.noPrerequisites")} />
          <TextSection title="learnCourse.audience" text={c.targetAudience} />
          <Program course={c} />
          <TextSection title="learnCourse.methods" text={c.teachingMethods} />
          <TextSection title="learnCourse.evaluation" text={c.evaluationMethods} />
        </div>
        <aside className={styles.courseAside}>
          <EnrollBox course={c} enrollmentId={enrollment?.id} />
          {c.trainers.length ? (
            <section className="card">
              <h2 className="card-title">{t("learnCourse.trainers")}</h2>
              <ul className="plain-list">
                {c.trainers.map((tr) => (
                  <li key={tr.id}>
                    <strong>{personName(tr)}</strong>
                    <span className="muted"> — {t(`learnCourse.${tr.role}` as MessageKey)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {c.accessibilityInfo || c.disabilityReferentContact ? (
            <section className="card">
              <h2 className="card-title">{t("learnCourse.accessibility")}</h2>
              {c.accessibilityInfo ? <MarkdownView source={c.accessibilityInfo} /> : null}
              {c.disabilityReferentContact ? <p>{t("learnCourse.disabilityReferent", { contact: c.disabilityReferentContact })}</p> : null}
            </section>
          ) : null}
        </aside>
      </div>
    </article>
  );
}

function BackLink() {
  const { t } = useI18n();
  return (
    <p className="back-link">
      <Link href="/catalogue">← {t("learnCourse.back")}</Link>
    </p>
  );
}

function TextSection({ title, text, fallback }: { title: MessageKey; text: string | null; fallback?: string }): ReactNode {
  const { t } = useI18n();
  if (!text?.trim() && !fallback) return null;
  return (
    <section className={styles.courseSection}>
      <h2>{t(title)}</h2>
      {text?.trim() ? <MarkdownView source={text} /> : <p>{fallback}</p>}
    </section>
  );
}

function EnrollBox({ course: c, enrollmentId }: { course: Course; enrollmentId?: string }) {
  const { t, locale } = useI18n();
  return (
    <section className={`card ${styles.enrollBox}`} aria-label={t("learnCourse.facts")}>
      <p className={styles.enrollPrice}>{c.price === 0 ? t("learnCommon.free") : formatPrice(c.price, c.currency, locale)}</p>
      <dl className="facts-list">
        {c.duration ? (
          <div>
            <dt>{t("learnCourse.duration")}</dt>
            <dd>{t("learnCommon.hours", { count: c.duration })}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("learnCatalogue.format")}</dt>
          <dd>{t(formatKey(c.format))}</dd>
        </div>
        {c.level ? (
          <div>
            <dt>{t("learnCourse.level")}</dt>
            <dd>{t(levelKey(c.level))}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("learnCourse.program")}</dt>
          <dd>
            {t("learnCommon.modules", { count: c.moduleCount })} · {t("learnCommon.lessons", { count: c.lessonCount })}
          </dd>
        </div>
        <div>
          <dt>{t("learnCourse.language")}</dt>
          <dd>{c.language.toUpperCase()}</dd>
        </div>
        {c.certificationNumber ? (
          <div>
            <dt>{t("learnCourse.certification")}</dt>
            <dd>{c.certificationNumber}</dd>
          </div>
        ) : null}
      </dl>
      {enrollmentId ? (
        <>
          <p className="muted">{t("learnCourse.enrolled")}</p>
          <Link className="btn btn-primary btn-block" href={`/learn/${enrollmentId}`}>
            {t("learnCourse.goToCourse")}
          </Link>
        </>
      ) : c.price > 0 ? (
        <PayButton courseId={c.id} />
      ) : (
        <EnrolFreeButton courseId={c.id} />
      )}
    </section>
  );
}

/** "S'inscrire" on a free course: POST /enrollments/me, then the course itself. */
function EnrolFreeButton({ courseId }: { courseId: string }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const enrol = useMutation(
    trpc.enrollments.enrollSelf.mutationOptions({
      onSuccess: async (res) => {
        await queryClient.invalidateQueries({ queryKey: trpc.enrollments.me.queryKey() });
        router.push(`/learn/${res.data.id}`);
      },
    }),
  );
  return (
    <div className="stack">
      <button type="button" className="btn btn-primary btn-block" disabled={enrol.isPending || enrol.isSuccess} onClick={() => enrol.mutate({ courseId })}>
        {t("learnCourse.enrolFree")}
      </button>
      {enrol.isError ? <Alert kind="error">{errorMessage(enrol.error, t)}</Alert> : null}
    </div>
  );
}

function Program({ course: c }: { course: Course }) {
  const { t } = useI18n();
  if (!c.modules.length) return null;
  return (
    <section className={styles.courseSection}>
      <h2>{t("learnCourse.program")}</h2>
      <ol className={styles.program}>
        {c.modules.map((m) => (
          <li key={m.id} className={styles.programModule}>
            <h3>
              {m.title}
              <span className={`muted ${styles.programCount}`}> · {t("learnCommon.lessons", { count: m.lessonCount })}</span>
            </h3>
            {m.description ? <p className="muted">{m.description}</p> : null}
            <ul className={styles.programLessons}>
              {m.lessons.map((l) => (
                <li key={l.id}>
                  <span>{l.title}</span>
                  <span className="muted">
                    {t(lessonKindKey(l.kind))}
                    {l.durationMinutes ? ` · ${t("learnCommon.minutes", { count: l.durationMinutes })}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
