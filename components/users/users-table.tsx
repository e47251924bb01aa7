"use client";

import type { inferRouterOutputs } from "@trpc/server";
import { ZRole } from "@/server/contracts/common";
import type { AppRouter } from "@/server/api/root";
import { useI18n } from "@/lib/i18n/client";
import styles from "./users.module.css";
import { DataTable } from "@/components/ui/data-table";

export type ListedUser = inferRouterOutputs<AppRouter>["users"]["list"]["data"][number];
type Role = ListedUser["role"];
export type UserChange = { user: ListedUser; role?: Role; status?: "ACTIVE" | "SUSPENDED" };

/** The users of one page. On phones each row becomes a card (CSS). Changes go through `onChange` (confirmed by the parent). */
export function UsersTable({ users, meId, onChange }: { users: ListedUser[]; meId: string; onChange: (change: UserChange) => void }) {
  const { t, locale } = useI18n();
  const date = new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", { dateStyle: "medium", timeStyle: "short" });
  return (
    <DataTable caption={t("users.listCaption")} columns={[t("users.name"), t("users.role"), t("users.status"), t("users.lastLogin"), t("users.actions")]}>
      {users.map((user) => {
        const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
        const isMe = user.id === meId;
        return (
          <tr key={user.id}>
            <td className="cell-name" data-label={t("users.name")}>
              <strong>
                {name}
                {isMe ? <span className="muted"> ({t("users.you")})</span> : null}
              </strong>
              <span className="muted wrap-anywhere">
                {user.email}
              </span>
            </td>
            <td data-label={t("users.role")}>
              {isMe ? (
                t(`roles.${user.role}`)
              ) : (
                <>
                  <label className="visually-hidden" htmlFor={`role-${user.id}`}>
                    {t("users.changeRole", { name })}
                  </label>
                  <select id={`role-${user.id}`} className="select select-inline" value={user.role} onChange={(e) => onChange({ user, role: e.target.value as Role })}>
                    {ZRole.options.map((r) => (
                      <option key={r} value={r}>
                        {t(`roles.${r}`)}
                      </option>
                    ))}
                  </select>
                </>
              )}
            </td>
            <td data-label={t("users.status")}>
              <span className={`badge ${styles[`badge-${user.status}`]}`}>{t(`statuses.${user.status}`)}</span>
            </td>
            <td data-label={t("users.lastLogin")}>{user.lastLoginAt ? date.format(new Date(user.lastLoginAt)) : t("users.never")}</td>
            <td className="cell-action" data-label={t("users.actions")}>
              {user.status === "ACTIVE" && !isMe ? (
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange({ user, status: "SUSPENDED" })}>
                  {t("users.suspend")}
                  <span className="visually-hidden"> {name}</span>
                </button>
              ) : user.status === "SUSPENDED" && !isMe ? (
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange({ user, status: "ACTIVE" })}>
                  {t("users.reactivate")}
                  <span className="visually-hidden"> {name}</span>
                </button>
              ) : (
                <span className="muted" aria-hidden="true">
                  —
                </span>
              )}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
