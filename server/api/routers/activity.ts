import { router } from "../trpc";

export const activityRouter = router({});
