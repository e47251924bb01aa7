import { unprocessable } from "../../errors";
import type { CourseContext, PositioningCounts } from "./provider";
import type { GeneratedQuestion, PositioningQuizResult } from "./results";
import { hashOf, plainText, significantWords, truncate } from "./text";

/**
 * The local provider's positioning test and individual-path message: deterministic, offline,
 * written from what the lessons SAY (their text, or the notes of the other kinds), never from the
 * outline alone. EASY questions are true/false statements taken from a lesson (the false ones
 * have a key word swapped for one of another lesson), MEDIUM a sentence to complete (the missing
 * word among words of OTHER lessons), HARD multiple choice "which notions does this lesson
 * cover" (right: words only this lesson uses; wrong: words only other lessons use). Each sentence
 * feeds one question at most, so the questions are distinct. When the content runs out, a kind
 * falls back to another; when no kind can build another question, 422 NOT_ENOUGH_CONTENT (the
 * test is not padded with repeats or invented facts). Choices are ordered by a hash of the
 * course title: the same course gives the same test.
 */
type Difficulty = "EASY" | "MEDIUM" | "HARD";
/** What one lesson says: its statements and the words no other lesson uses (its own notions). */
type Source = { lesson: string; module: string; statements: string[]; own: string[] };

const MIN_WORDS = 5;
const MIN_KEYWORD = 4;
/** Words that name no notion (numbers in letters, auxiliary verbs, adverbs): never a right answer or a distractor. */
const WEAK = new Set(
  (
    "deux trois quatre cinq sept huit neuf onze douze vingt trente quarante cinquante soixante cent cents mille " +
    "peut peuvent doit doivent sont etait etaient sera seront font reste restent permet permettent " +
    "aussi avant apres puis ensuite alors encore jamais toujours souvent tres bien chaque aucun aucune autre autres meme lui-meme elle-meme " +
    "also before after then always never very each other same should must"
  ).split(" "),
);

const WORDS = {
  fr: {
    title: (c: string) => `Test de positionnement : ${c}`,
    tf: (s: string) => `Vrai ou faux ? « ${s} »`,
    tfTrue: (l: string) => `Vrai : c'est ce qu'enseigne la leçon « ${l} ».`,
    tfFalse: (s: string, l: string) => `Faux : la leçon « ${l} » dit « ${s} ».`,
    cloze: (s: string) => `Complétez : « ${s} »`,
    clozeWhy: (w: string, l: string, s: string) => `Le mot manquant est « ${w} » (leçon « ${l} ») : « ${s} »`,
    multiple: (l: string) => `Quelles notions sont abordées dans la leçon « ${l} » ?`,
    multipleWhy: (l: string, right: string[]) => `La leçon « ${l} » traite de : ${right.join(", ")}.`,
    topic: (t: string) => `Thème : ${t}.`,
    yes: "Vrai",
    no: "Faux",
    level: { EASY: "facile", MEDIUM: "intermédiaire", HARD: "avancé" } as Record<Difficulty, string>,
    levelLine: (l: string) => `Niveau ${l}.`,
    summary: (score: number, skipped: string[], extra: string[], course: string) =>
      [
        `Votre score au test de positionnement est de ${score} %. Votre parcours dans « ${course} » a été adapté à vos acquis.`,
        skipped.length ? `Vous pouvez passer ${skipped.length === 1 ? "la leçon" : "les leçons"} : ${skipped.join(", ")}.` : "Toutes les leçons de la formation restent au programme.",
        extra.length ? `${extra.length === 1 ? "Une leçon de renforcement a été ajoutée" : "Des leçons de renforcement ont été ajoutées"} : ${extra.join(", ")}.` : "",
        "Bonne formation !",
      ]
        .filter(Boolean)
        .join(" "),
  },
  en: {
    title: (c: string) => `Positioning test: ${c}`,
    tf: (s: string) => `True or false? "${s}"`,
    tfTrue: (l: string) => `True: this is what the lesson "${l}" teaches.`,
    tfFalse: (s: string, l: string) => `False: the lesson "${l}" says "${s}".`,
    cloze: (s: string) => `Fill in the blank: "${s}"`,
    clozeWhy: (w: string, l: string, s: string) => `The missing word is "${w}" (lesson "${l}"): "${s}"`,
    multiple: (l: string) => `Which notions does the lesson "${l}" cover?`,
    multipleWhy: (l: string, right: string[]) => `The lesson "${l}" covers: ${right.join(", ")}.`,
    topic: (t: string) => `Topic: ${t}.`,
    yes: "True",
    no: "False",
    level: { EASY: "easy", MEDIUM: "intermediate", HARD: "advanced" } as Record<Difficulty, string>,
    levelLine: (l: string) => `Level: ${l}.`,
    summary: (score: number, skipped: string[], extra: string[], course: string) =>
      [
        `You scored ${score}% on the positioning test. Your path through "${course}" has been adapted to what you already know.`,
        skipped.length ? `You may skip: ${skipped.join(", ")}.` : "Every lesson of the course stays in your path.",
        extra.length ? `Extra lessons were added for you: ${extra.join(", ")}.` : "",
        "Enjoy the course!",
      ]
        .filter(Boolean)
        .join(" "),
  },
};

type Words = (typeof WORDS)["fr"];
const wordsFor = (language: string) => (language.toLowerCase().startsWith("en") ? WORDS.en : WORDS.fr);
const fold = (w: string) => w.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

/** The statements of a lesson's markdown: prose lines (headings and short list items left out) cut into sentences. */
function statementsOf(markdown: string): string[] {
  const out: string[] = [];
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s{0,3}#/.test(line)) continue;
    const text = plainText(line).replace(/^(à retenir|a retenir|remember|note)\s*:\s*/i, "");
    for (const sentence of text.split(/(?<=[.!?])\s+/)) {
      const s = sentence.trim();
      if (s.split(/\s+/).length >= MIN_WORDS && s.length <= 300 && !out.includes(s)) out.push(s);
    }
  }
  return out;
}

/** Each lesson with content (QUIZ lessons are tests, not content), with the words only it uses. */
function sourcesOf(c: CourseContext): Source[] {
  const raw = c.modules.flatMap((m) =>
    m.lessons
      .filter((l) => l.kind !== "QUIZ" && l.content.trim())
      .map((l) => {
        const statements = statementsOf(l.content);
        return { lesson: l.title, module: m.title, statements, words: significantWords(statements.join(" ")).filter((w) => w.length >= MIN_KEYWORD && !/\d/.test(w) && !WEAK.has(fold(w))) };
      }),
  );
  const users = new Map<string, number>();
  for (const r of raw) for (const w of new Set(r.words.map(fold))) users.set(w, (users.get(w) ?? 0) + 1);
  return raw
    .filter((r) => r.statements.length)
    .map((r) => ({ lesson: r.lesson, module: r.module, statements: r.statements, own: rankNotions(r.words.filter((w) => users.get(fold(w)) === 1), r.lesson, r.statements) }));
}

/** A lesson's own words, its notions first: those of its title, then the most repeated, then the longest (adverbs last). */
function rankNotions(words: string[], title: string, statements: string[]): string[] {
  const inTitle = new Set(significantWords(title).map(fold));
  const text = fold(statements.join(" "));
  const uses = (w: string) => text.split(fold(w)).length - 1;
  // Adverbs (-ment) last: they rarely name a notion.
  const adverb = (w: string) => Number(/ment$/.test(fold(w)));
  return [...words].sort((a, b) => Number(inTitle.has(fold(b))) - Number(inTitle.has(fold(a))) || adverb(a) - adverb(b) || uses(b) - uses(a) || b.length - a.length || a.localeCompare(b));
}

/** Distractors for `word`: the candidates most like it in form (same ending, then close length), so a wrong answer does not give itself away. */
function alike(word: string, candidates: string[], n: number): string[] {
  const w = fold(word);
  const ending = (c: string) => {
    const f = fold(c);
    return f.slice(-3) === w.slice(-3) ? 2 : f.slice(-2) === w.slice(-2) ? 1 : 0;
  };
  return [...candidates].filter((c) => fold(c) !== w).sort((a, b) => ending(b) - ending(a) || Math.abs(a.length - w.length) - Math.abs(b.length - w.length) || hashOf(a) - hashOf(b)).slice(0, n);
}

/** Rotates `list` by a stable amount so the right answer is not always first. */
const rotate = <T>(list: T[], seed: string): T[] => {
  const shift = list.length ? hashOf(seed) % list.length : 0;
  return [...list.slice(shift), ...list.slice(0, shift)];
};

const wordPattern = (w: string) => new RegExp(`(^|[^\\p{L}\\p{N}])(${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")})(?=$|[^\\p{L}\\p{N}])`, "iu");

/** A statement of `source` not used yet and one of the lesson's own words in it. */
function* keyedStatements(source: Source) {
  for (const statement of source.statements) {
    const word = source.own.find((w) => wordPattern(w).test(statement));
    if (word) yield { statement, word };
  }
}

const choice = (label: string, correct: boolean) => ({ label: truncate(label, 300), correct });

class Builder {
  private readonly used = new Set<string>();
  private readonly prompts = new Set<string>();
  private turn = 0;
  constructor(
    private readonly w: Words,
    private readonly sources: Source[],
    private readonly seed: string,
  ) {}

  /** Other lessons' own words, their notions first (round robin over the lessons): the distractors. */
  private othersWords(source: Source): string[] {
    const others = this.sources.filter((s) => s !== source);
    const longest = Math.max(0, ...others.map((s) => s.own.length));
    const out: string[] = [];
    for (let i = 0; i < longest; i++) for (const s of others) if (s.own[i] && !out.includes(s.own[i]!)) out.push(s.own[i]!);
    return out;
  }

  /** The lessons in turn from a rotating start, so the questions cover the whole course. */
  private order(): Source[] {
    const start = this.turn++ % Math.max(1, this.sources.length);
    return [...this.sources.slice(start), ...this.sources.slice(0, start)];
  }

  private keep(q: GeneratedQuestion & { source: Source }, statement?: string) {
    const key = q.prompt.toLowerCase();
    if (this.prompts.has(key)) return null;
    this.prompts.add(key);
    if (statement) this.used.add(statement);
    return q;
  }

  build(difficulty: Difficulty, index: number) {
    const tries: Difficulty[] = difficulty === "HARD" ? ["HARD", "MEDIUM", "EASY"] : difficulty === "MEDIUM" ? ["MEDIUM", "EASY", "HARD"] : ["EASY", "MEDIUM", "HARD"];
    for (const kind of tries) {
      const q = kind === "HARD" ? this.multiple(index) : kind === "MEDIUM" ? this.cloze(index) : this.trueFalse(index);
      if (q) return q;
    }
    return null;
  }

  private trueFalse(index: number) {
    for (const source of this.order()) {
      const others = this.othersWords(source);
      for (const { statement, word } of keyedStatements(source)) {
        if (this.used.has(statement)) continue;
        // Alternately true and false; false needs another lesson's word to put in.
        const truthful = index % 2 === 0 || others.length === 0;
        const [swap] = alike(word, others, 1);
        const shown = truthful ? statement : statement.replace(wordPattern(word), (_m, before: string) => `${before}${swap}`);
        const q = this.keep(
          {
            kind: "TRUE_FALSE",
            prompt: truncate(this.w.tf(shown), 1000),
            choices: [choice(this.w.yes, truthful), choice(this.w.no, !truthful)],
            explanation: truthful ? this.w.tfTrue(source.lesson) : this.w.tfFalse(statement, source.lesson),
            source,
          },
          statement,
        );
        if (q) return q;
      }
    }
    return null;
  }

  private cloze(index: number) {
    for (const source of this.order()) {
      const distractors = this.othersWords(source);
      if (distractors.length < 2) continue;
      for (const { statement, word } of keyedStatements(source)) {
        if (this.used.has(statement)) continue;
        const blank = statement.replace(wordPattern(word), (_m, before: string) => `${before}…`);
        const wrong = alike(word, distractors, 3);
        const choices = rotate([choice(word, true), ...wrong.map((d) => choice(d, false))], `${this.seed}|${index}`);
        const q = this.keep({ kind: "SINGLE_CHOICE", prompt: truncate(this.w.cloze(blank), 1000), choices, explanation: this.w.clozeWhy(word, source.lesson, statement), source }, statement);
        if (q) return q;
      }
    }
    return null;
  }

  private multiple(index: number) {
    for (const source of this.order()) {
      const distractors = this.othersWords(source);
      if (source.own.length < 2 || distractors.length < 2) continue;
      const right = source.own.slice(0, 2);
      const wrong = distractors.slice(0, 2);
      const choices = rotate([...right.map((r) => choice(r, true)), ...wrong.map((d) => choice(d, false))], `${this.seed}|${index}`);
      const q = this.keep({ kind: "MULTIPLE_CHOICE", prompt: truncate(this.w.multiple(source.lesson), 1000), choices, explanation: this.w.multipleWhy(source.lesson, right), source });
      if (q) return q;
    }
    return null;
  }
}

export function localPositioningQuiz(c: CourseContext, counts: PositioningCounts, topics: string[]): PositioningQuizResult {
  const w = wordsFor(c.language);
  const builder = new Builder(w, sourcesOf(c), c.title);
  const plan: Difficulty[] = [...Array(counts.easy).fill("EASY"), ...Array(counts.medium).fill("MEDIUM"), ...Array(counts.hard).fill("HARD")];
  const questions = plan.map((difficulty, i) => {
    const built = builder.build(difficulty, i);
    if (!built) {
      throw unprocessable(
        `The course's lessons hold enough content for ${i} distinct positioning questions; ${plan.length} were requested`,
        { questionCount: [`At most ${i} distinct questions can be built from the lessons' content`] },
        "NOT_ENOUGH_CONTENT",
      );
    }
    const { source, ...q } = built;
    const topic = topics.length ? topics[i % topics.length]! : source.module;
    const explanation = `${q.explanation} ${w.topic(topic)} ${w.levelLine(w.level[difficulty])}`.trim();
    return { ...q, explanation: truncate(explanation, 1000), difficulty, topic: truncate(topic, 200) };
  });
  return { title: truncate(w.title(c.title), 200), questions };
}

export function localLearnerPath(c: CourseContext, score: number, skipped: string[], extra: string[]): { summary: string } {
  return { summary: truncate(wordsFor(c.language).summary(score, skipped, extra, c.title), 3000) };
}
