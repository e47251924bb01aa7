import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/api/root";

type Out = inferRouterOutputs<AppRouter>;

/** The shapes the course screens read, straight from the router outputs. */
export type CourseListItem = Out["courses"]["myCourses"]["data"][number];
export type CourseDetail = Out["courses"]["byId"]["data"];
export type QualiopiStatus = Out["courses"]["qualiopiStatus"]["data"];
export type OutlineModule = Out["courseContent"]["listModules"]["data"][number];
export type OutlineLesson = OutlineModule["lessons"][number];
export type QuestionnaireSummary = Out["courseContent"]["listQuestionnaires"]["data"][number];
export type Questionnaire = Out["courseContent"]["getQuestionnaire"]["data"];
export type CourseTrainer = Out["courses"]["trainers"]["data"][number];
