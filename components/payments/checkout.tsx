"use client";

import { useTenantTimeZone } from "@/components/tenant-context";
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { formatDate, formatPrice } from "@/components/learn/format";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./payments.module.css";

/**
 * The sandbox gateway's checkout (conventions §9): what the payer would see at the gateway. Pay and
 * Cancel make the server post the signed callback, then the page follows the gateway's redirect.
 */
export function SandboxCheckout({ paymentId, token }: { paymentId: string; token: string }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const trpc = useTRPC();
  const [leaving, setLeaving] = useState(false);
  const checkout = useQuery({ ...trpc.payments.sandboxGet.queryOptions({ id: paymentId, token }), retry: false, refetchOnWindowFocus: false, enabled: token.length > 0 });
  const follow = (res: { data: { redirectUrl: string | null } }) => {
    if (!res.data.redirectUrl) return;
    setLeaving(true);
    window.location.assign(res.data.redirectUrl);
  };
  const pay = useMutation(trpc.payments.sandboxPay.mutationOptions({ onSuccess: follow }));
  const cancel = useMutation(trpc.payments.sandboxCancel.mutationOptions({ onSuccess: follow }));

  if (!token || checkout.isError) {
    return (
      <div className="stack">
        <h1>{t("pay.sandboxTitle")}</h1>
        <Alert kind="error">{!token || errorInfo(checkout.error).status === 404 ? t("pay.notFound") : errorMessage(checkout.error, t)}</Alert>
      </div>
    );
  }
  if (checkout.isPending) return <p aria-busy="true">{t("common.loading")}</p>;
  const c = checkout.data.data;
  const amount = formatPrice(c.amount, c.currency, locale);
  const busy = pay.isPending || cancel.isPending || leaving;
  const failure = pay.error ?? cancel.error;
  return (
    <div className="stack">
      <h1>{t("pay.sandboxTitle")}</h1>
      <Alert kind="info">{t("pay.sandboxNotice")}</Alert>
      <dl className={`facts-list ${styles.facts}`}>
        <div>
          <dt>{t("pay.course")}</dt>
          <dd>{c.courseTitle}</dd>
        </div>
        <div>
          <dt>{t("pay.payer")}</dt>
          <dd>{c.payerName}</dd>
        </div>
        <div>
          <dt>{t("pay.gatewayLabel")}</dt>
          <dd>{t(`pay.gateway_${c.gateway}`)}</dd>
        </div>
        <div>
          <dt>{t("pay.amount")}</dt>
          <dd className={styles.amount}>{amount}</dd>
        </div>
      </dl>
      {c.expiresAt ? <p className="muted">{t("pay.expires", { date: formatDate(c.expiresAt, locale, timeZone, true) })}</p> : null}
      {c.status !== "PENDING" ? (
        <Alert kind="error">{t("pay.notPending")}</Alert>
      ) : (
        <div className={styles.actions}>
          <button type="button" className="btn btn-primary btn-block" disabled={busy} aria-busy={pay.isPending} onClick={() => pay.mutate({ id: paymentId, token })}>
            {pay.isPending || (leaving && !cancel.data) ? t("pay.paying") : t("pay.payButton", { amount })}
          </button>
          <button type="button" className="btn btn-secondary btn-block" disabled={busy} onClick={() => cancel.mutate({ id: paymentId, token })}>
            {cancel.isPending ? t("pay.cancelling") : t("pay.cancelButton")}
          </button>
        </div>
      )}
      {failure ? <Alert kind="error">{errorMessage(failure, t)}</Alert> : null}
    </div>
  );
}

/** After the gateway: polls the payment until its callback captured it, then says the enrollment is confirmed. */
export function PaymentSuccess({ paymentId }: { paymentId: string }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const status = useQuery({
    ...trpc.payments.checkoutStatus.queryOptions({ id: paymentId }),
    enabled: paymentId.length > 0,
    retry: false,
    refetchInterval: (q) => (q.state.data && q.state.data.data.status !== "PENDING" ? false : 1500),
  });
  if (!paymentId) return <Alert kind="error">{t("pay.noPayment")}</Alert>;
  if (status.isError) return <Alert kind="error">{errorInfo(status.error).status === 404 ? t("pay.notFound") : errorMessage(status.error, t)}</Alert>;
  const p = status.data?.data;
  if (!p || p.status === "PENDING") {
    return (
      <div className="stack" role="status">
        <h1>{t("pay.successTitle")}</h1>
        <p aria-busy="true">{t("pay.waiting")}</p>
      </div>
    );
  }
  if (p.status === "FAILED") {
    return (
      <div className="stack" role="status">
        <h1>{t("pay.failedTitle")}</h1>
        <p>{t("pay.failedBody")}</p>
        <Link className="btn btn-secondary" href="/catalogue">
          {t("pay.backToCatalogue")}
        </Link>
      </div>
    );
  }
  return (
    <div className="stack" role="status">
      <h1>{t("pay.confirmed")}</h1>
      <Alert kind="success">{t("pay.confirmedBody", { course: p.courseTitle })}</Alert>
      {p.enrollmentId ? (
        <Link className="btn btn-primary btn-block" href={`/learn/${p.enrollmentId}`}>
          {t("pay.goToCourse")}
        </Link>
      ) : null}
    </div>
  );
}

/** The payer cancelled at the gateway. */
export function PaymentCancelled() {
  const { t } = useI18n();
  return (
    <div className="stack" role="status">
      <h1>{t("pay.cancelTitle")}</h1>
      <p>{t("pay.cancelBody")}</p>
      <Link className="btn btn-secondary" href="/catalogue">
        {t("pay.backToCatalogue")}
      </Link>
    </div>
  );
}
