"use client";

import { AI_AUDIENCES } from "@/server/contracts/ai";
import { useT } from "@/lib/i18n/client";

export type AiAudience = (typeof AI_AUDIENCES)[number];

/** The variant helper's options: the audience the variant is for and free instructions. */
export function VariantOptions({ id, audience, instructions, disabled, onAudience, onInstructions }: { id: string; audience: AiAudience; instructions: string; disabled: boolean; onAudience: (audience: AiAudience) => void; onInstructions: (text: string) => void }) {
  const t = useT();
  return (
    <>
    <div className="form-row">
      <div className="field">
        <label htmlFor={`${id}-audience`}>{t("creatorAi.variantAudience")}</label>
        <select id={`${id}-audience`} className="select" value={audience} onChange={(e) => onAudience(e.target.value as AiAudience)} disabled={disabled}>
          {AI_AUDIENCES.map((a) => (
            <option key={a} value={a}>
              {t(`creatorEnums.${a}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
    <div className="field">
      <label htmlFor={`${id}-instructions`}>{t("creatorAi.variantInstructions")}</label>
      <textarea id={`${id}-instructions`} className="input input-prose" rows={2} maxLength={2000} value={instructions} onChange={(e) => onInstructions(e.target.value)} disabled={disabled} />
    </div>
    </>
  );
}
