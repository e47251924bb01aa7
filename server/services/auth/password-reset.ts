import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db";
import { passwordResets, users } from "../../db/schema";
import { env } from "../../env";
import { DomainError } from "../../errors";
import { hashPassword } from "../../auth/passwords";
import { sha256Hex } from "../../lib/hash";
import { newId, randomToken } from "../../lib/ids";
import { tenantUrl } from "../../lib/urls";
import { writeAudit } from "../platform/audit";
import { sendMail } from "../mail";
import { findUserByEmail } from "./accounts";
import { revokeAllForUser } from "./session-tokens";
import type { RequestActor } from "../../auth/caller";

export const FORGOT_MESSAGE = "If an account exists for this e-mail, a reset link has been sent.";

/** Always the same answer (no enumeration); a link valid RESET_TOKEN_TTL_SECONDS goes out when the account exists. */
export async function forgotPassword(db: Db, email: string, tenantSlug: string | null, actor: RequestActor, now: Date): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const token = randomToken(32);
  await db.insert(passwordResets).values({
    id: newId("rst"),
    userId: user.id,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(now.getTime() + env().RESET_TOKEN_TTL_SECONDS * 1000),
  });
  await writeAudit(db, { ...actor, userId: user.id }, { action: "auth.password_reset_requested", targetType: "user", targetId: user.id });
  await sendMail(db, {
    scope: null,
    to: user.email,
    template: "password-reset",
    locale: user.locale,
    vars: { firstName: user.firstName, link: tenantUrl(tenantSlug, `/reset-password?token=${encodeURIComponent(token)}`) },
  });
}

/** Sets the new password and revokes every refresh token of the account. */
export async function resetPassword(db: Db, token: string, password: string, actor: RequestActor, now: Date): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, sha256Hex(token)), isNull(passwordResets.usedAt)))
      .returning();
    if (!row || row.expiresAt <= now) throw new DomainError("UNAUTHORIZED", "Invalid or expired reset token", { reason: "INVALID_RESET_TOKEN" });
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.userId));
    await revokeAllForUser(tx, row.userId, now);
    await writeAudit(tx, { ...actor, userId: row.userId }, { action: "auth.password_reset", targetType: "user", targetId: row.userId });
  });
}
