"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { personName } from "@/components/learn/format";
import { Alert } from "@/components/ui/alert";
import { SelectField } from "@/components/ui/select-field";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./funders.module.css";

/**
 * ADMIN, on the users page: which funder each FUNDER member belongs to (their perimeter is the
 * enrollments that funder finances). PUT/DELETE /funders/{id}/members/{userId}.
 */
export function FunderLinksPanel() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const funders = useQuery(trpc.funders.list.queryOptions());
  const members = useQuery(trpc.users.list.queryOptions({ role: "FUNDER", limit: 100 }));
  const add = useMutation(trpc.funders.addMember.mutationOptions());
  const remove = useMutation(trpc.funders.removeMember.mutationOptions());
  const [saved, setSaved] = useState<string | null>(null);
  if (!funders.data || !members.data || members.data.data.length === 0) return null;
  const funderOf = (userId: string) => funders.data.data.find((f) => f.members.some((m) => m.userId === userId))?.id ?? "";
  const change = async (userId: string, name: string, funderId: string) => {
    setSaved(null);
    const current = funderOf(userId);
    if (funderId) await add.mutateAsync({ id: funderId, userId });
    else if (current) await remove.mutateAsync({ id: current, userId });
    await queryClient.invalidateQueries(trpc.funders.list.pathFilter());
    setSaved(t("funderLinks.saved", { name }));
  };
  const options = [{ value: "", label: t("funderLinks.none") }, ...funders.data.data.map((f) => ({ value: f.id, label: f.name }))];
  const error = add.error ?? remove.error;
  return (
    <section className={`${styles.section} ${styles.linksPanel} card`} aria-labelledby="funder-links">
      <h2 id="funder-links">{t("funderLinks.title")}</h2>
      <p className="muted">{t("funderLinks.intro")}</p>
      <div aria-live="polite">
        {saved ? <Alert kind="success">{saved}</Alert> : null}
        {error ? <Alert kind="error">{errorMessage(error, t)}</Alert> : null}
      </div>
      <ul className={styles.list}>
        {members.data.data.map((u) => (
          <li key={u.id}>
            <SelectField
              name={`funder-${u.id}`}
              label={t("funderLinks.memberLabel", { name: personName(u), email: u.email })}
              value={funderOf(u.id)}
              disabled={add.isPending || remove.isPending}
              onChange={(e) => void change(u.id, personName(u), e.target.value).catch(() => undefined)}
              options={options}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
