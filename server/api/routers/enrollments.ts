import { router } from "../trpc";

export const enrollmentsRouter = router({});
