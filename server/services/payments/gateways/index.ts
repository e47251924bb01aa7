import { env } from "../../../env";
import { DomainError } from "../../../errors";
import { mollieAdapter } from "./mollie";
import { sandboxAdapter, SANDBOX_PREFIX } from "./sandbox";
import { stripeAdapter } from "./stripe";
import type { GatewayAdapter, GatewayName } from "./types";

export type { GatewayAdapter, GatewayName, NormalizedEvent } from "./types";

/** Does the gateway have its keys? PSP_A_ISV needs STRIPE_SECRET_KEY, PSP_B MOLLIE_API_KEY; without them it runs in sandbox mode. */
export function isLive(gateway: GatewayName): boolean {
  const e = env();
  return gateway === "PSP_A_ISV" ? Boolean(e.STRIPE_SECRET_KEY) : Boolean(e.MOLLIE_API_KEY);
}

/**
 * May a gateway without keys run as the sandbox? PAYMENT_SANDBOX=on or off decides; auto (default):
 * yes, except in production when another gateway is live — there a keyless gateway would let
 * anyone enrol in a paid course for free, so it is refused instead.
 */
export function sandboxAllowed(): boolean {
  const e = env();
  if (e.PAYMENT_SANDBOX !== "auto") return e.PAYMENT_SANDBOX === "on";
  return e.NODE_ENV !== "production" || (!isLive("PSP_A_ISV") && !isLive("PSP_B"));
}

/** The adapter a new payment uses now (read from the environment on every call). */
export function gatewayAdapter(gateway: GatewayName): GatewayAdapter {
  if (!isLive(gateway)) {
    if (!sandboxAllowed()) throw new DomainError("UNPROCESSABLE", "This payment gateway is not configured", { reason: "PAYMENT_GATEWAY_NOT_CONFIGURED", fields: { gateway: ["Not configured"] } });
    return sandboxAdapter(gateway);
  }
  return gateway === "PSP_A_ISV" ? stripeAdapter() : mollieAdapter();
}

/** The adapter of an existing payment: a payment the sandbox created stays with the sandbox, whatever the keys are now. */
export function adapterOfPayment(p: { gateway: string; gatewayPaymentId: string | null }): GatewayAdapter {
  const gateway = p.gateway as GatewayName;
  if (p.gatewayPaymentId?.startsWith(SANDBOX_PREFIX)) {
    if (!sandboxAllowed()) throw new DomainError("UNPROCESSABLE", "The sandbox gateway is disabled", { reason: "PAYMENT_GATEWAY_NOT_CONFIGURED" });
    return sandboxAdapter(gateway);
  }
  return gatewayAdapter(gateway);
}

export const isSandboxPayment = (p: { gatewayPaymentId: string | null }) => Boolean(p.gatewayPaymentId?.startsWith(SANDBOX_PREFIX));
