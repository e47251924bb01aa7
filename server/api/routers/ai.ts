import { router } from "../trpc";

export const aiRouter = router({});
