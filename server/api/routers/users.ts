import { z } from "zod";
import { envelope } from "../../contracts/common";
import {
  ZCreatedUser,
  ZCreateUserInput,
  ZListUsersInput,
  ZListUsersOutput,
  ZPreferencesInput,
  ZPreferencesOutput,
  ZUpdatedUser,
  ZUpdateUserInput,
  ZUserDetail,
  ZUserIdInput,
  ZUserProfile,
} from "../../contracts/users";
import { one } from "../../contracts/envelope";
import { findUserById } from "../../services/auth/accounts";
import { getProfile, updatePreferences } from "../../services/users/profile";
import { createUser, getUserDetail, listUsers, updateUser } from "../../services/users/users";
import { authedProcedure, can, router, tenantProcedure, tenantRef } from "../trpc";
import { callerAccount, tenantAccess } from "../context";

const tags = ["Users"];

export const usersRouter = router({
  list: can("users.list")
    .meta({
      openapi: {
        method: "GET",
        path: "/users",
        tags,
        summary: "List the tenant's users",
        description: "Filters: role, status, q (matches e-mail, first and last name; every word must match). Newest members first.",
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "ADMIN required" },
      },
    })
    .input(ZListUsersInput)
    .output(ZListUsersOutput)
    .query(({ ctx, input }) => listUsers(ctx.db, ctx.scope, input)),

  me: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/users/me",
        tags,
        summary: "The caller's full profile",
        description: "Role and status in the tenant of X-Tenant-ID (or the sub-domain), else in the token's active tenant.",
        errorResponses: { 401: "Unauthorized", 404: "Tenant not found" },
      },
    })
    .input(z.object({}))
    .output(envelope(ZUserProfile))
    .query(async ({ ctx }) => one(await getProfile(tenantRef(ctx) ?? ctx.user.activeTenantId, () => callerAccount(ctx, ctx.user.userId), (ref) => tenantAccess(ctx, ref, ctx.user.userId)))),

  updatePreferences: authedProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/users/me/preferences",
        tags,
        summary: "Update notification preferences and language",
        errorResponses: { 400: "Invalid body", 401: "Unauthorized" },
      },
    })
    .input(ZPreferencesInput)
    .output(ZPreferencesOutput)
    .mutation(async ({ ctx, input }) => one(await updatePreferences(ctx.db, ctx.user.userId, input, ctx.clock.now()))),

  create: can("users.create")
    .meta({
      status: 201,
      validationStatus: 422,
      openapi: {
        method: "POST",
        path: "/users",
        tags,
        summary: "Add a user to the tenant (invitation by e-mail)",
        description:
          "An account that exists in another tenant gets a membership here; a member of this tenant answers 409. With sendInvitation (default) the user is INVITED until they accept the e-mailed link; " +
          "with sendInvitation false the user is ACTIVE at once, and ADMIN or CREATOR then need a password (422 otherwise). Emits user.created.",
        errorResponses: { 400: "Unknown field", 401: "Unauthorized", 403: "ADMIN required", 409: "Email already exists", 422: "Invalid field (errors map) or password required" },
      },
    })
    .input(ZCreateUserInput)
    .output(ZCreatedUser)
    .mutation(async ({ ctx, input }) => {
      const me = await findUserById(ctx.db, ctx.user.userId);
      return one(await createUser(ctx.db, { ...ctx.caller, name: me ? `${me.firstName} ${me.lastName}` : ctx.tenant.name }, input, ctx.clock.now()));
    }),

  byId: can("users.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/users/{id}",
        tags,
        summary: "A user with enrollment counts",
        description: "ADMIN: any member. CREATOR: learners enrolled in one of their courses (others answer 404).",
        errorResponses: { 401: "Unauthorized", 403: "Role not allowed", 404: "User not found" },
      },
    })
    .input(ZUserIdInput)
    .output(envelope(ZUserDetail))
    .query(async ({ ctx, input }) => one(await getUserDetail(ctx.db, ctx.caller, input.id))),

  update: tenantProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/users/{id}",
        tags,
        summary: "Update a user's names, role or status",
        description:
          "ADMIN updates any member; other members may change their own first and last name. Changing role without ADMIN answers 403 " +
          "`Cannot change role without ADMIN privileges`. Status ACTIVE or SUSPENDED (a suspended user can neither log in nor refresh, and their access tokens for this organisation stop working within 60 seconds). " +
          "An admin cannot change their own role or suspend themselves (422). E-mail changes are not made here (they need a confirmation link).",
        errorResponses: { 400: "Invalid body", 401: "Unauthorized", 403: "Role change without ADMIN", 404: "User not found", 422: "Not allowed on yourself" },
      },
    })
    .input(ZUpdateUserInput)
    .output(ZUpdatedUser)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      return one(await updateUser(ctx.db, ctx.caller, id, changes, ctx.clock.now()));
    }),
});
