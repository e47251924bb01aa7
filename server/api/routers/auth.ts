import { z } from "zod";
import {
  ZAcceptInviteInput,
  ZAuthMeOutput,
  ZDeprovisionInput,
  ZForgotPasswordInput,
  ZLoginInput,
  ZLoginOutput,
  ZLogoutInput,
  ZProvisionInput,
  ZProvisionOutput,
  ZRefreshInput,
  ZResetPasswordInput,
  ZSignupCreatorInput,
  ZSignupLearnerInput,
  ZSwitchTenantInput,
  ZTokenExchangeInput,
  ZTokenExchangeOutput,
  ZTokensOutput,
} from "../../contracts/auth";
import { ZMessage } from "../../contracts/common";
import { one, withMeta } from "../../contracts/envelope";
import { acceptInvite } from "../../services/auth/invitations";
import { login, logout, refresh } from "../../services/auth/login";
import { authMe } from "../../services/auth/me";
import { FORGOT_MESSAGE, forgotPassword, resetPassword } from "../../services/auth/password-reset";
import { signupCreator, signupLearner, switchTenant } from "../../services/auth/signup";
import { deprovisionUser, exchangeToken, provisionUser, tenantForApiKey } from "../../services/auth/sso";
import { actorOf, header } from "../helpers";
import { authedProcedure, publicProcedure, publicTenantProcedure, router, tenantRef } from "../trpc";

const tags = ["Auth"];

/** token-exchange and oidc/exchange are the same operation under two paths. */
const exchange = (path: "/auth/token-exchange" | "/auth/oidc/exchange", summary: string) =>
  publicTenantProcedure
    .meta({
      openapi: {
        method: "POST",
        path,
        tags,
        protect: false,
        summary,
        description:
          "Headless SSO. Verifies the JWT with the tenant's OIDC issuer, audience and JWKS (inline or URL, set by tenant settings); " +
          "the account is found or created, linked to the provider's subject and given a LEARNER membership when it has none (isNewUser).",
        errorResponses: { 400: "Invalid body", 401: "Verification failed", 404: "Tenant missing or HEADLESS mode off" },
      },
    })
    .input(ZTokenExchangeInput)
    .output(ZTokenExchangeOutput)
    .mutation(async ({ ctx, input }) => one(await exchangeToken(ctx.db, ctx.tenantRecord, input.token, actorOf(ctx), ctx.clock.now())));

export const authRouter = router({
  login: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/login",
        tags,
        protect: false,
        summary: "Log in with e-mail and password",
        description:
          "Requires X-Tenant-ID (or the tenant sub-domain); the account must be an active member of the tenant or enrolled there. " +
          "Platform administrators sign in through this same operation without a tenant: their token has no active tenant (activeTenantId null) and serves the " +
          "platform operations (POST /tenants...); without a tenant, any other login answers 400 with code TENANT_REQUIRED (also for a wrong password, so nothing is revealed). " +
          "The same 401 `Invalid credentials` answers an unknown e-mail, a wrong password and an account without access (no enumeration). " +
          "10 failures for one e-mail from one client address within 15 minutes answer 429 with Retry-After until the window passes, for that address only (the owner's other addresses are not locked); each further lock of the same e-mail and address within 24 hours lasts twice as long. A suspended membership answers 403.",
        errorResponses: { 400: "Invalid body, or no tenant (TENANT_REQUIRED) for an account that is not a platform administrator", 401: "Invalid credentials", 403: "Account suspended", 404: "Tenant not found", 429: "Too many failed attempts" },
      },
    })
    .input(ZLoginInput)
    .output(ZLoginOutput)
    .mutation(async ({ ctx, input }) => {
      const now = ctx.clock.now();
      const data = await login(ctx.db, { ...input, tenantRef: tenantRef(ctx) }, actorOf(ctx), now);
      return withMeta(data, { timestamp: now.toISOString(), requestId: ctx.requestId });
    }),

  refresh: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/refresh",
        tags,
        protect: false,
        summary: "Rotate a refresh token",
        description: "Single use: the presented token is invalid at once. Presenting an already used token answers 401 and revokes its whole family (reuse detection); the family's access tokens then stop working within 60 seconds. A suspended membership cannot refresh.",
        errorResponses: { 401: "Invalid, expired or reused refresh token" },
      },
    })
    .input(ZRefreshInput)
    .output(ZTokensOutput)
    .mutation(async ({ ctx, input }) => one(await refresh(ctx.db, input.refreshToken, actorOf(ctx), ctx.clock.now()))),

  logout: authedProcedure
    .meta({
      status: 204,
      openapi: {
        method: "POST",
        path: "/auth/logout",
        tags,
        summary: "Log out: revoke the refresh token's family",
        description: "Revokes the family of the given refresh token; the access tokens issued with it stop working within 60 seconds (at once on the instance that served the logout).",
        successDescription: "No content",
        errorResponses: { 401: "Unauthorized" },
      },
    })
    .input(ZLogoutInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await logout(ctx.db, ctx.user.userId, input.refreshToken, actorOf(ctx), ctx.clock.now());
    }),

  signupCreator: publicProcedure
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/auth/signup/creator",
        tags,
        protect: false,
        summary: "Sign up as a course creator with a new organisation",
        description: "Creates the account, the tenant (slug derived from companyName) and a CREATOR membership in one transaction; emits user.created.",
        errorResponses: { 400: "Invalid body", 409: "Email already exists, or company slug already exists" },
      },
    })
    .input(ZSignupCreatorInput)
    .output(ZTokensOutput)
    .mutation(async ({ ctx, input }) => {
      return one(await signupCreator(ctx.db, input, actorOf(ctx), ctx.clock.now()));
    }),

  signupLearner: publicProcedure
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/auth/signup/learner",
        tags,
        protect: false,
        summary: "Sign up as a learner",
        description: "Creates an account with no membership: the access token's activeTenantId is null until the learner is enrolled somewhere. No user.created event (it is per tenant).",
        errorResponses: { 400: "Invalid body", 409: "Email already exists" },
      },
    })
    .input(ZSignupLearnerInput)
    .output(ZTokensOutput)
    .mutation(async ({ ctx, input }) => {
      return one(await signupLearner(ctx.db, input, actorOf(ctx), ctx.clock.now()));
    }),

  switchTenant: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/switch-tenant",
        tags,
        summary: "Switch the active tenant",
        errorResponses: { 401: "Unauthorized", 403: "Not a member", 404: "Tenant not found" },
      },
    })
    .input(ZSwitchTenantInput)
    .output(ZTokensOutput)
    .mutation(async ({ ctx, input }) => one(await switchTenant(ctx.db, ctx.user.userId, input.tenantId, actorOf(ctx), ctx.clock.now()))),

  acceptInvite: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/accept-invite",
        tags,
        protect: false,
        summary: "Accept an invitation",
        description: "The token comes from the invitation e-mail. `password` is required when the invited e-mail has no account password yet (400 with errors.password).",
        errorResponses: { 400: "Password required", 401: "Invalid or expired invitation", 409: "Already a member" },
      },
    })
    .input(ZAcceptInviteInput)
    .output(ZTokensOutput)
    .mutation(async ({ ctx, input }) => one(await acceptInvite(ctx.db, input, actorOf(ctx), ctx.clock.now()))),

  tokenExchange: exchange("/auth/token-exchange", "Exchange an identity-provider token (headless SSO)"),
  oidcExchange: exchange("/auth/oidc/exchange", "Exchange an OIDC token for service tokens (same as token-exchange)"),

  provision: publicProcedure
    .meta({
      status: 201,
      authenticatedBy: "apiKey",
      openapi: {
        method: "POST",
        path: "/auth/scim/users",
        tags,
        protect: false,
        summary: "Provision a user (service to service)",
        description: "Header X-API-Key identifies the tenant. Idempotent by externalId + provider: calling again answers 201 with isNewUser false.",
        errorResponses: { 401: "API key missing or invalid", 404: "HEADLESS mode off" },
      },
    })
    .input(ZProvisionInput)
    .output(ZProvisionOutput)
    .mutation(async ({ ctx, input }) => {
      const tenant = await tenantForApiKey(ctx.db, header(ctx, "x-api-key"));
      return one(await provisionUser(ctx.db, tenant, input, actorOf(ctx)));
    }),

  deprovision: publicProcedure
    .meta({
      status: 204,
      authenticatedBy: "apiKey",
      openapi: {
        method: "DELETE",
        path: "/auth/scim/users/{externalId}",
        tags,
        protect: false,
        summary: "Remove a provisioned user's external link",
        description: "Only the link is removed; the account and its history stay.",
        successDescription: "No content",
        errorResponses: { 401: "API key missing or invalid", 404: "Link or tenant not found" },
      },
    })
    .input(ZDeprovisionInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      const tenant = await tenantForApiKey(ctx.db, header(ctx, "x-api-key"));
      await deprovisionUser(ctx.db, tenant, input, actorOf(ctx));
    }),

  forgotPassword: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/forgot-password",
        tags,
        protect: false,
        summary: "Request a password-reset link",
        description: "Always answers 200 with the same message (no account enumeration). The link is valid 1 hour.",
      },
    })
    .input(ZForgotPasswordInput)
    .output(ZMessage)
    .mutation(async ({ ctx, input }) => {
      await forgotPassword(ctx.db, input.email, tenantRef(ctx), actorOf(ctx), ctx.clock.now());
      return one({ message: FORGOT_MESSAGE });
    }),

  resetPassword: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/reset-password",
        tags,
        protect: false,
        summary: "Set a new password with the e-mailed token",
        description: "Revokes every refresh token of the account; its access tokens stop working within 60 seconds.",
        errorResponses: { 400: "Invalid body", 401: "Invalid or expired token" },
      },
    })
    .input(ZResetPasswordInput)
    .output(ZMessage)
    .mutation(async ({ ctx, input }) => {
      await resetPassword(ctx.db, input.token, input.password, actorOf(ctx), ctx.clock.now());
      return one({ message: "Password updated" });
    }),

  me: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/auth/me",
        tags,
        summary: "The caller's account, memberships, active tenant and role",
        errorResponses: { 401: "Unauthorized" },
      },
    })
    .input(z.object({}))
    .output(ZAuthMeOutput)
    .query(async ({ ctx }) => one(await authMe(ctx.db, ctx.user.userId, ctx.user.activeTenantId))),
});
