import { env } from "../../../env";
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

/** The adapter a new payment uses now (read from the environment on every call). */
export function gatewayAdapter(gateway: GatewayName): GatewayAdapter {
  if (!isLive(gateway)) return sandboxAdapter(gateway);
  return gateway === "PSP_A_ISV" ? stripeAdapter() : mollieAdapter();
}

/** The adapter of an existing payment: a payment the sandbox created stays with the sandbox, whatever the keys are now. */
export function adapterOfPayment(p: { gateway: string; gatewayPaymentId: string | null }): GatewayAdapter {
  const gateway = p.gateway as GatewayName;
  if (p.gatewayPaymentId?.startsWith(SANDBOX_PREFIX)) return sandboxAdapter(gateway);
  return gatewayAdapter(gateway);
}

export const isSandboxPayment = (p: { gatewayPaymentId: string | null }) => Boolean(p.gatewayPaymentId?.startsWith(SANDBOX_PREFIX));
