import { FACET_KEYS } from "#modules/search/listing-rules.ts";

/** Toggling a filter value: values of one key are joined by "|", and the page is dropped. */
export function toggleFilter(search: string, key: string, value: string): string {
  const params = new URLSearchParams(search);
  const values = (params.get(key) ?? "").split("|").filter(Boolean);
  const next = values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
  if (next.length) params.set(key, next.join("|"));
  else params.delete(key);
  params.delete("page");
  return `?${params}`;
}

/** Reset removes every filter key and the page; the search words and sort stay. */
export function resetFilters(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of FACET_KEYS) params.delete(key);
  params.delete("page");
  return `?${params}`;
}

export function withParam(search: string, key: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(key);
  else params.set(key, value);
  if (key !== "page") params.delete("page");
  return `?${params}`;
}

export function activeFilterCount(search: string): number {
  const params = new URLSearchParams(search);
  return FACET_KEYS.reduce((sum, key) => sum + (params.get(key) ?? "").split("|").filter(Boolean).length, 0);
}
