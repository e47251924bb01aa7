import type { z } from "zod";
import type { TLessonView } from "@/server/contracts/course-content";
import type { ZCourseListItem, ZCoursePublicDetail } from "@/server/contracts/courses";
import type { ZEnrollmentDetail, ZEnrollmentListItem, ZMyEnrollment, ZQuizFeedback } from "@/server/contracts/enrollments";

/** The shapes the learning screens show, straight from the API contracts. */
export type MyEnrollment = z.infer<typeof ZMyEnrollment>;
export type EnrollmentDetail = z.infer<typeof ZEnrollmentDetail>;
export type OutlineLesson = EnrollmentDetail["modules"][number]["lessons"][number];
export type EnrollmentListItem = z.infer<typeof ZEnrollmentListItem>;
export type QuizFeedback = z.infer<typeof ZQuizFeedback>;
export type CourseCard = z.infer<typeof ZCourseListItem>;
export type CoursePage = z.infer<typeof ZCoursePublicDetail>;
export type LessonView = TLessonView;
export type LearnerQuestion = NonNullable<TLessonView["questionnaire"]>["questions"][number];
