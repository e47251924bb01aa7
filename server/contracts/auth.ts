import { z } from "zod";
import { envelopeWithMeta } from "./envelope";
import { envelope, ZEmail, ZLocale, ZName, ZPassword, ZRole, ZTimestamp, ZUserStatus } from "./common";

const ZTokens = z.object({
  accessToken: z.string().describe("JWT access token (1 hour)"),
  refreshToken: z.string().describe("Opaque refresh token (7 days, single use)"),
  expiresIn: z.number().int().describe("Access-token lifetime in seconds"),
});
export type TTokens = z.infer<typeof ZTokens>;

export const ZLoginInput = z.strictObject({ email: ZEmail, password: z.string().min(1, "Required").max(200) });
export const ZLoginOutput = envelopeWithMeta(ZTokens, z.object({ timestamp: ZTimestamp, requestId: z.string() }));

export const ZRefreshInput = z.strictObject({ refreshToken: z.string().min(1).max(200) });
export const ZLogoutInput = ZRefreshInput;
export const ZTokensOutput = envelope(ZTokens);

export const ZSignupCreatorInput = z.strictObject({
  email: ZEmail,
  password: ZPassword,
  firstName: ZName,
  lastName: ZName,
  companyName: z.string().trim().min(2).max(120).describe("Organisation name; the tenant slug is derived from it"),
  locale: ZLocale.optional(),
});
export const ZSignupLearnerInput = z.strictObject({
  email: ZEmail,
  password: ZPassword,
  firstName: ZName,
  lastName: ZName,
  locale: ZLocale.optional(),
});
export const ZSwitchTenantInput = z.strictObject({ tenantId: z.string().min(1).max(64).describe("Internal id or slug") });

export const ZAcceptInviteInput = z.strictObject({
  token: z.string().min(1).max(4000).describe("Invitation token from the e-mail"),
  password: ZPassword.optional().describe("Required when the invited e-mail has no account yet"),
  firstName: ZName.optional(),
  lastName: ZName.optional(),
});

export const ZTokenExchangeInput = z.strictObject({ token: z.string().min(1).max(10000).describe("The identity provider's JWT") });
export const ZTokenExchangeOutput = envelope(ZTokens.extend({ isNewUser: z.boolean() }));

export const ZProvisionInput = z.strictObject({
  externalId: z.string().min(1).max(200),
  provider: z.string().min(1).max(100),
  email: ZEmail,
  firstName: ZName,
  lastName: ZName,
  role: ZRole.default("LEARNER"),
});
export const ZProvisionOutput = envelope(z.object({ userId: z.string(), isNewUser: z.boolean() }));
export const ZDeprovisionInput = z.object({
  externalId: z.string().min(1).max(200),
  tenantSlug: z.string().min(1).max(64).describe("Required: the tenant of the API key"),
});

export const ZForgotPasswordInput = z.strictObject({ email: ZEmail });
export const ZResetPasswordInput = z.strictObject({ token: z.string().min(1).max(200), password: ZPassword });

const ZMembership = z.object({
  tenantId: z.string(),
  tenantSlug: z.string(),
  tenantName: z.string(),
  role: ZRole,
  status: ZUserStatus,
});
export const ZAuthMeOutput = envelope(
  z.object({
    user: z.object({
      id: z.string(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      locale: z.string(),
      isPlatformAdmin: z.boolean(),
    }),
    memberships: z.array(ZMembership),
    activeTenant: z.object({ id: z.string(), slug: z.string(), name: z.string() }).nullable(),
    activeRole: ZRole.nullable(),
  }),
);
