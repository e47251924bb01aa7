import { router } from "../trpc";

export const mediaRouter = router({});
