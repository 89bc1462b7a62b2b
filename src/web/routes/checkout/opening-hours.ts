export interface HourEntry {
  weekday: number;
  time_from: string;
  time_to: string;
}

export interface DayRange {
  from: number;
  to: number;
  time_from: string;
  time_to: string;
}

/** Opening hours grouped into runs of consecutive days with the same hours (Mon–Fri 08–20, Sat 08–16…). */
export function groupHours(hours: HourEntry[]): DayRange[] {
  const sorted = [...hours].sort((a, b) => a.weekday - b.weekday);
  const ranges: DayRange[] = [];
  for (const entry of sorted) {
    const last = ranges.at(-1);
    if (
      last &&
      last.to === entry.weekday - 1 &&
      last.time_from === entry.time_from &&
      last.time_to === entry.time_to
    )
      last.to = entry.weekday;
    else
      ranges.push({
        from: entry.weekday,
        to: entry.weekday,
        time_from: entry.time_from,
        time_to: entry.time_to,
      });
  }
  return ranges;
}

/** Weekday 1 (Monday) … 7 (Sunday) in the shopper's language. */
export function weekdayName(weekday: number, locale: string): string {
  // 2024-01-01 was a Monday.
  return new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" }).format(
    Date.UTC(2024, 0, weekday),
  );
}

/** The drop points to show in the list: the first 3, or the first 2 and the chosen one when it is further down. */
export function visiblePoints<T extends { id: number }>(
  points: T[],
  selectedId: number | null,
  limit = 3,
): T[] {
  const index = points.findIndex((p) => p.id === selectedId);
  if (index < limit) return points.slice(0, limit);
  return [...points.slice(0, limit - 1), points[index] as T];
}
