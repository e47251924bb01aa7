import { readFile } from "node:fs/promises";

/** Error lines of the app's JSON log, grouped by message and error text (first 60 characters). */
export async function errorSummary(file: string): Promise<{ total: number; groups: [string, number][] }> {
  const text = await readFile(file, "utf8").catch(() => "");
  const groups = new Map<string, number>();
  let total = 0;
  for (const line of text.split("\n")) {
    if (!line.includes('"level":"error"')) continue;
    total += 1;
    let key = line.slice(0, 80);
    try {
      const entry = JSON.parse(line) as { msg?: unknown; error?: unknown };
      key = `${String(entry.msg)}: ${String(entry.error ?? "").slice(0, 60)}`;
    } catch {
      // Not JSON: keep the raw prefix.
    }
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  return { total, groups: [...groups.entries()].sort((a, b) => b[1] - a[1]) };
}
