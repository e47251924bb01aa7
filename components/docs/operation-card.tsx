"use client";

import { useState } from "react";
import { useT } from "@/lib/i18n/client";
import { exampleOf, typeLabel, type OpenApiDocument, type OperationEntry } from "./openapi";
import { RichText } from "./rich-text";
import { TryIt, type Credentials } from "./try-it";
import styles from "./docs.module.css";

/** One operation: summary line, then (when opened) description, parameters, body, responses and "try it". */
export function OperationCard({ entry, doc, credentials, baseUrl }: { entry: OperationEntry; doc: OpenApiDocument; credentials: Credentials; baseUrl: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const { op } = entry;
  const params = op.parameters ?? [];
  const bodySchema = op.requestBody?.content?.["application/json"]?.schema;
  const isPublic = !op.security?.length;
  return (
    <details className={styles.op} id={entry.id} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <span className={`${styles.method} ${styles[`method-${entry.method}`]}`}>{entry.method.toUpperCase()}</span>
        <span className={styles.opPath}>{entry.path}</span>
        <span className={styles.opSummary}>{op.summary}</span>
        {isPublic ? <span className="badge">{t("docs.public")}</span> : null}
      </summary>
      {open ? (
        <div className={styles.opBody}>
          {op.description ? (
            <p className={styles.opDescription}>
              <RichText text={op.description} />
            </p>
          ) : null}
          <section>
            <h4>{t("docs.parameters")}</h4>
            {params.length ? (
              <div className={styles.paramsScroll}>
                <table className={styles.params}>
                  <tbody>
                    {params.map((p) => (
                      <tr key={`${p.in}-${p.name}`}>
                        <td>
                          <code>{p.name}</code>
                          {p.required ? <span className="muted"> *</span> : null}
                        </td>
                        <td className="muted">{p.in}</td>
                        <td>
                          <code>{typeLabel(p.schema)}</code>
                        </td>
                        <td>{p.description ?? p.schema?.description ?? ""}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className="muted">{t("docs.noParameters")}</p>
            )}
          </section>
          {bodySchema ? (
            <section>
              <h4>{t("docs.requestBody")}</h4>
              <pre className={styles.code}>{JSON.stringify(exampleOf(bodySchema, doc), null, 2)}</pre>
            </section>
          ) : null}
          <section>
            <h4>{t("docs.responses")}</h4>
            <ul className={styles.responses}>
              {Object.entries(op.responses ?? {}).map(([status, r]) => (
                <li key={status}>
                  <strong>{status}</strong> — {r.description}
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h4>{t("docs.tryIt")}</h4>
            <TryIt entry={entry} doc={doc} credentials={credentials} baseUrl={baseUrl} />
          </section>
        </div>
      ) : null}
    </details>
  );
}
