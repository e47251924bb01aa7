import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { DomainError } from "../../errors";
import { jwtKey } from "../../auth/jwt-key";

/**
 * The signed link of a survey e-mail (`/survey?token=...` on the tenant's host): an HS256 JWT (JWT_SECRET) with its own audience, naming the
 * tenant (`tid`) and the invitation (`sub`, svi_...), expiring at the invitation's expiresAt.
 * No password: holding the link is the authorisation, for that one survey only. Single use is
 * the invitation's respondedAt (409 on a second answer), not the token.
 */
const AUDIENCE = "survey";

export async function signSurveyToken(tenantId: string, invitationId: string, issuedAt: Date, expiresAt: Date): Promise<string> {
  return new SignJWT({ tid: tenantId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setAudience(AUDIENCE)
    .setSubject(invitationId)
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await jwtKey());
}

const surveyTokenInvalid = () => new DomainError("UNAUTHORIZED", "Invalid survey link", { reason: "SURVEY_TOKEN_INVALID" });
export const surveyTokenExpired = () => new DomainError("GONE", "This survey link has expired", { reason: "SURVEY_TOKEN_EXPIRED" });

/** 401 SURVEY_TOKEN_INVALID (bad signature, malformed, other audience), 410 SURVEY_TOKEN_EXPIRED (checked on the app clock). */
export async function readSurveyToken(token: string, now: Date): Promise<{ tenantId: string; invitationId: string }> {
  try {
    const { payload } = await jwtVerify(token, await jwtKey(), { audience: AUDIENCE, algorithms: ["HS256"], currentDate: now });
    if (typeof payload.tid !== "string" || typeof payload.sub !== "string") throw surveyTokenInvalid();
    return { tenantId: payload.tid, invitationId: payload.sub };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw surveyTokenExpired();
    throw surveyTokenInvalid();
  }
}
