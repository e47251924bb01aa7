import { router } from "../trpc";

export const coursesRouter = router({});
