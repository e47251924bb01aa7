import { DomainError } from "../../errors";

/** The one wording of the refusal every operation of a suspended tenant answers (403). */
const TENANT_SUSPENDED_MESSAGE = "This organisation is suspended";

/** 403 when a platform administrator suspended the tenant; its data stays, nothing answers. */
export function assertTenantActive(tenant: { status: "ACTIVE" | "SUSPENDED" }): void {
  if (tenant.status === "SUSPENDED") throw new DomainError("FORBIDDEN", TENANT_SUSPENDED_MESSAGE);
}
