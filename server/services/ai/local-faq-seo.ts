import type { TFaqItem, TSeoFields } from "../../contracts/ai";
import { slugify } from "../../lib/slug";
import { formatPrice, phrasesFor } from "./local-texts";
import { FAQ_MAX, META_DESCRIPTION_MAX, META_TITLE_MAX, type CourseContext } from "./provider";
import { clause, items, lowerFirst, plainText, sentences, significantWords, truncate } from "./text";

/**
 * FAQ and SEO fields written from the course's own content (title, description, Qualiopi
 * fields, structure). Deterministic: the same course always gives the same answers.
 */
const filled = (v: string | null | undefined): v is string => !!v && v.trim().length > 0;
const lessonsOf = (c: CourseContext) => c.modules.reduce((n, m) => n + m.lessons.length, 0);
const quizzesOf = (c: CourseContext) => c.modules.reduce((n, m) => n + m.lessons.filter((l) => l.kind === "QUIZ").length, 0);

export function localFaq(c: CourseContext): { faq: TFaqItem[] } {
  const p = phrasesFor(c.language);
  const f = p.faq;
  const level = c.level ? p.levels[c.level] : null;
  const out: (TFaqItem | null)[] = [];

  const objectives = items(c.pedagogicalObjectives).slice(0, 5).map(lowerFirst);
  if (objectives.length) out.push({ question: f.objectivesQ(c.title), answer: f.objectivesA(objectives.map((o) => o.replace(/[.;]+$/, ""))) });
  else if (filled(c.description)) out.push({ question: f.contentQ(c.title), answer: truncate(sentences(c.description).slice(0, 3).join(" "), 600) });

  out.push({ question: f.prerequisitesQ, answer: filled(c.prerequisites) ? plainText(c.prerequisites) : f.prerequisitesNone });
  out.push({ question: f.audienceQ, answer: filled(c.targetAudience) ? plainText(c.targetAudience) : f.audienceFallback(level) });
  out.push({ question: f.durationQ, answer: f.durationA(c.duration, c.modules.length, lessonsOf(c)) });
  if (c.modules.length) {
    out.push({ question: f.programmeQ, answer: truncate(`${c.modules.map((m, i) => p.module(i + 1, m.title)).join(" ; ")}.`, 800) });
  }
  if (filled(c.evaluationMethods)) out.push({ question: f.evaluationQ, answer: plainText(c.evaluationMethods) });
  else if (quizzesOf(c)) out.push({ question: f.evaluationQ, answer: f.evaluationQuiz(quizzesOf(c)) });
  if (filled(c.accessibilityInfo) || filled(c.disabilityReferentContact)) {
    const parts = [filled(c.accessibilityInfo) ? plainText(c.accessibilityInfo) : "", filled(c.disabilityReferentContact) ? f.referent(c.disabilityReferentContact.trim()) : ""];
    out.push({ question: f.accessibilityQ, answer: parts.filter(Boolean).join(" ") });
  }
  out.push({ question: f.formatQ, answer: f.formatA(p.formats[c.format], filled(c.teachingMethods) ? plainText(c.teachingMethods) : null) });
  out.push({ question: f.priceQ, answer: c.price > 0 ? f.priceA(formatPrice(p, c.price, c.currency)) : f.free });

  // Five answers always exist (prerequisites, audience, duration, format, price): 5 to 8 pairs.
  return { faq: out.filter((x): x is TFaqItem => x !== null).slice(0, FAQ_MAX) };
}

export function localSeo(c: CourseContext): TSeoFields {
  const p = phrasesFor(c.language);
  const title = c.title.trim();
  const suffixed = `${title} | ${p.seo.titleSuffix}`;
  const metaTitle = suffixed.length <= META_TITLE_MAX ? suffixed : truncate(title, META_TITLE_MAX);

  let description = "";
  for (const s of sentences(c.description)) {
    const next = description ? `${description} ${s}` : s;
    if (next.length > META_DESCRIPTION_MAX) break;
    description = next;
  }
  if (!description) {
    const source = filled(c.description) ? c.description : items(c.pedagogicalObjectives).map(clause).join(". ");
    description = source ? truncate(plainText(source), META_DESCRIPTION_MAX) : truncate(p.seo.descriptionFallback(title), META_DESCRIPTION_MAX);
  }

  const keywords = [
    ...c.tags.map((t) => t.toLowerCase().trim()),
    ...significantWords(title),
    ...significantWords(c.pedagogicalObjectives ?? "").slice(0, 3),
    ...(c.level ? [p.levels[c.level]] : []),
  ];
  return {
    metaTitle,
    metaDescription: description,
    slug: slugify(title),
    keywords: [...new Set(keywords.filter(Boolean))].slice(0, 10),
  };
}
