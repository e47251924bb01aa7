"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { CHECKOUT_GATEWAYS, type TCheckoutGateway } from "@/server/contracts/payments";
import { Alert } from "@/components/ui/alert";
import { SelectField } from "@/components/ui/select-field";
import { errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";

/**
 * "Payer et s'inscrire" on a paid course of the catalogue: opens a payment for the signed-in learner
 * (POST /payments/checkout) and sends them to the gateway's checkout (the sandbox page without keys).
 */
export function PayButton({ courseId }: { courseId: string }) {
  const t = useT();
  const trpc = useTRPC();
  const [gateway, setGateway] = useState<TCheckoutGateway>("PSP_A_ISV");
  const [leaving, setLeaving] = useState(false);
  const checkout = useMutation(
    trpc.payments.checkout.mutationOptions({
      onSuccess: (res) => {
        setLeaving(true);
        window.location.assign(res.data.redirectUrl);
      },
    }),
  );
  const busy = checkout.isPending || leaving;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    checkout.mutate({ courseId, gateway });
  }
  return (
    <form onSubmit={onSubmit} className="stack">
      <SelectField
        name="gateway"
        label={t("pay.gatewayLabel")}
        value={gateway}
        onChange={(e) => setGateway(e.target.value as TCheckoutGateway)}
        options={CHECKOUT_GATEWAYS.map((g) => ({ value: g, label: t(`pay.gateway_${g}`) }))}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
        {busy ? t("pay.redirecting") : t("pay.payAndEnroll")}
      </button>
      {checkout.isError ? <Alert kind="error">{errorMessage(checkout.error, t)}</Alert> : null}
    </form>
  );
}
