"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/text-field";
import { useT } from "@/lib/i18n/client";
import { groupByTag, type OpenApiDocument } from "./openapi";
import { OperationCard } from "./operation-card";
import { RichText } from "./rich-text";
import type { Credentials } from "./try-it";
import { Loading } from "@/components/ui/skeleton";
import styles from "./docs.module.css";

const DOC_URL = "/api/v1/openapi.json";

async function fetchDocument(): Promise<OpenApiDocument> {
  const res = await fetch(DOC_URL, { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as OpenApiDocument;
}

/** Interactive API reference rendered from GET /api/v1/openapi.json: operations by tag, each with a "try it" form. */
export function ApiReference({ defaultTenant }: { defaultTenant: string }) {
  const t = useT();
  const doc = useQuery({ queryKey: ["openapi-document"], queryFn: fetchDocument, staleTime: Infinity });
  const [filter, setFilter] = useState("");
  const [credentials, setCredentials] = useState<Credentials>({ tenant: defaultTenant, token: "" });

  const groups = useMemo(() => {
    if (!doc.data) return [];
    const needle = filter.trim().toLowerCase();
    return groupByTag(doc.data)
      .map(([tag, ops]) => [tag, ops.filter((o) => !needle || `${o.method} ${o.path} ${o.op.summary ?? ""}`.toLowerCase().includes(needle))] as const)
      .filter(([, ops]) => ops.length > 0);
  }, [doc.data, filter]);

  if (doc.isError) return <Alert kind="error">{t("docs.loadError")}</Alert>;
  if (!doc.data) return <Loading />;
  const baseUrl = doc.data.servers?.[0]?.url ?? "/api/v1";

  return (
    <div className={styles.docs}>
      <aside className={styles.docsToc} aria-label={t("docs.tags")}>
        <TextField name="filter" type="search" label={t("docs.filter")} value={filter} onChange={(e) => setFilter(e.target.value)} />
        <nav aria-label={t("docs.tags")}>
          <ul>
            {groups.map(([tag, ops]) => (
              <li key={tag}>
                <a href={`#tag-${tag}`}>
                  {tag} <span className="muted">({ops.length})</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className={styles.main}>
        <div className="page-header">
          <div>
            <h1>{t("docs.title")}</h1>
            <p>{t("docs.intro")}</p>
          </div>
          <a className="btn btn-secondary btn-sm" href={DOC_URL} download="openapi.json">
            {t("docs.download")}
          </a>
        </div>
        {doc.data.info?.description ? (
          <p>
            <RichText text={doc.data.info.description} />
          </p>
        ) : null}
        <section className={`card ${styles.credentials}`}>
          <div className="form-row">
            <TextField name="tenant" label={t("docs.tenant")} value={credentials.tenant} onChange={(e) => setCredentials((c) => ({ ...c, tenant: e.target.value }))} autoCapitalize="none" spellCheck={false} />
            <TextField
              name="token"
              label={t("docs.token")}
              value={credentials.token}
              onChange={(e) => setCredentials((c) => ({ ...c, token: e.target.value }))}
              hint={t("docs.tokenHint")}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
        </section>
        {groups.map(([tag, ops]) => (
          <section key={tag} id={`tag-${tag}`} className={styles.docsTag} aria-labelledby={`tag-title-${tag}`}>
            <h2 id={`tag-title-${tag}`}>{tag}</h2>
            {ops.map((entry) => (
              <OperationCard key={entry.id} entry={entry} doc={doc.data} credentials={credentials} baseUrl={baseUrl} />
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}
