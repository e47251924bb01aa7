import { authRouter } from "./routers/auth";
import { devRouter } from "./routers/dev";
import { tenantsRouter } from "./routers/tenants";
import { usersRouter } from "./routers/users";
import { createCallerFactory, router } from "./trpc";

/**
 * REST paths are matched in the order procedures appear here: inside each router, static
 * paths (`/users/me`) come before parameterised ones (`/users/{id}`). tests/unit/openapi-routes
 * checks that no path shadows another.
 */
export const appRouter = router({
  auth: authRouter,
  tenants: tenantsRouter,
  users: usersRouter,
  dev: devRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
