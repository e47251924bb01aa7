import { SignNow } from "@/components/attendance/sign-now";
import { MyCourses } from "@/components/learn/my-courses";
import type { Translate } from "@/lib/i18n/translate";

/** The learner's home: first what is open for signing now, then their courses with progress (enrollments.me). */
export function LearnerHome({ t, firstName }: { t: Translate; firstName: string }) {
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t("nav.myCourses")}</h1>
          <p>
            {t("home.greeting", { name: firstName })} — {t("learnHome.intro")}
          </p>
        </div>
      </div>
      <SignNow />
      <MyCourses />
    </>
  );
}
