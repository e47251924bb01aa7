import { router } from "../trpc";

export const courseContentRouter = router({});
