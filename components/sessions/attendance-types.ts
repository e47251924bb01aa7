import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/api/root";

type Outputs = inferRouterOutputs<AppRouter>;
type SessionAttendance = Outputs["qualiopiAttendance"]["sessionAttendance"]["data"];
export type RosterLearner = SessionAttendance["learners"][number];
export type RosterTrainer = SessionAttendance["trainers"][number];
