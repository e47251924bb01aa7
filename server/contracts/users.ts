import { z } from "zod";
import { MAX } from "./bounds";
import { envelope, listEnvelope, ZEmail, ZLimitPageInput, ZLimitPageMeta, ZLocale, ZName, ZPassword, ZRole, ZTimestamp, ZUserStatus } from "./common";

const ZNotifications = z.object({ email: z.boolean(), push: z.boolean(), weeklyDigest: z.boolean() });

const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: ZRole,
  status: ZUserStatus,
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
  lastLoginAt: ZTimestamp.nullable(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZUserDetail = ZUser.extend({
  avatarUrl: z.string().nullable(),
  locale: z.string(),
  enrollmentsCount: z.number().int(),
  completedCoursesCount: z.number().int(),
});

export const ZUserProfile = ZUser.omit({ role: true, status: true }).extend({
  role: ZRole.nullable().describe("Role in the tenant (null for a learner with no membership)"),
  status: ZUserStatus.nullable(),
  avatarUrl: z.string().nullable(),
  locale: z.string(),
  tenantId: z.string().nullable(),
  tenantSlug: z.string().nullable(),
  isPlatformAdmin: z.boolean(),
  preferences: z.object({ notifications: ZNotifications }),
});

export const ZListUsersInput = ZLimitPageInput.extend({
  role: ZRole.optional(),
  status: ZUserStatus.optional(),
  q: z.string().trim().max(200).optional().describe("Search in e-mail, first and last name"),
});
export const ZListUsersOutput = listEnvelope(ZUser, ZLimitPageMeta);

export const ZCreateUserInput = z.strictObject({
  email: ZEmail,
  firstName: ZName,
  lastName: ZName,
  role: ZRole,
  sendInvitation: z.boolean().default(true),
  locale: ZLocale.optional(),
  password: ZPassword.optional().describe("Mandatory for ADMIN or CREATOR when sendInvitation is false"),
});
export const ZCreatedUser = envelope(ZUser.pick({ id: true, email: true, firstName: true, lastName: true, role: true, status: true, createdAt: true }));

export const ZUpdateUserInput = z.strictObject({
  id: z.string().max(MAX.id),
  firstName: ZName.optional(),
  lastName: ZName.optional(),
  role: ZRole.optional(),
  status: z.enum(["ACTIVE", "SUSPENDED"]).optional(),
});
export const ZUpdatedUser = envelope(ZUser.pick({ id: true, email: true, firstName: true, lastName: true, role: true, status: true, updatedAt: true }));

export const ZPreferencesInput = z.strictObject({
  notifications: z.strictObject({ email: z.boolean().optional(), push: z.boolean().optional(), weeklyDigest: z.boolean().optional() }).optional(),
  locale: ZLocale.optional(),
});
export const ZPreferencesOutput = envelope(z.object({ notifications: ZNotifications, locale: z.string(), updatedAt: ZTimestamp }));
export const ZUserIdInput = z.object({ id: z.string().max(MAX.id) });
