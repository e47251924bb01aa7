import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import type { Translate } from "@/lib/i18n/translate";

/** The learner's home: their courses (none can be listed yet: the catalogue API comes next). */
export function LearnerHome({ t, firstName }: { t: Translate; firstName: string }) {
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t("nav.myCourses")}</h1>
          <p>{t("home.greeting", { name: firstName })}</p>
        </div>
      </div>
      <EmptyState
        title={t("home.learnerEmptyTitle")}
        action={
          <Link className="btn btn-primary" href="/catalogue">
            {t("home.browseCatalogue")}
          </Link>
        }
      >
        <p>{t("home.learnerEmptyBody")}</p>
      </EmptyState>
    </>
  );
}
