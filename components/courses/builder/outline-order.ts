/** The ids with `id` moved to `toIndex` (clamped); the same array when nothing moves. */
export function moveId(ids: string[], id: string, toIndex: number): string[] {
  const from = ids.indexOf(id);
  if (from < 0) return ids;
  const to = Math.max(0, Math.min(ids.length - 1, toIndex));
  if (from === to) return ids;
  const next = ids.filter((x) => x !== id);
  next.splice(to, 0, id);
  return next;
}

/** What is being dragged in the outline: a module, or a lesson of a module. */
export type DragItem = { kind: "module"; id: string } | { kind: "lesson"; id: string; moduleId: string };

/** The drag payload's MIME type: only outline items are accepted as drops. */
export const DRAG_TYPE = "application/x-course-outline";
