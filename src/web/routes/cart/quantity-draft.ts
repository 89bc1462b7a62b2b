/**
 * The bag's quantity field while the shopper edits it: what may stand in the field, and what is
 * sent once the edit is over. The field may be empty or hold any digits while typing; only the
 * committed number goes to the shop, and only when it differs from what the shop already has.
 */

/** What the field keeps of what was typed: digits only, at most three of them. */
export function cleanDraft(typed: string): string {
  return typed.replace(/\D/g, "").slice(0, 3);
}

/**
 * The quantity to send when an edit ends, or null to send nothing: an empty field, a zero or the
 * quantity the line already has send nothing (the field shows the line's quantity again); a number
 * over the line's most is sent as that most.
 */
export function quantityToSend(draft: string, current: number, max: number): number | null {
  if (!/^\d+$/.test(draft)) return null;
  const wanted = Math.min(Number(draft), Math.max(1, max));
  return wanted >= 1 && wanted !== current ? wanted : null;
}

/** One step of the − / + buttons from what the field shows, kept between 1 and the line's most. */
export function stepDraft(draft: string, current: number, max: number, by: 1 | -1): string {
  const from = /^\d+$/.test(draft) && Number(draft) >= 1 ? Number(draft) : current;
  return String(Math.min(Math.max(1, max), Math.max(1, from + by)));
}
