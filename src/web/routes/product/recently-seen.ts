import { useEffect, useState } from "react";
import type { ProductCard } from "#modules/catalog/catalog.contract.ts";
import { call } from "#web/lib/api.ts";

const STORAGE_KEY = "recently_seen";
export const RECENTLY_SEEN_MAX = 12;

/** The ids kept in this browser, newest first, with the current one moved to the front. */
export function rememberSeen(previous: number[], productId: number): number[] {
  return [productId, ...previous.filter((id) => id !== productId)].slice(0, RECENTLY_SEEN_MAX);
}

function readSeen(): number[] {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/**
 * Products this browser looked at before this one, as fresh cards (prices and stock of today).
 * Secondary: a failure shows nothing.
 */
export function useRecentlySeen(productId: number): ProductCard[] {
  const [cards, setCards] = useState<ProductCard[]>([]);
  useEffect(() => {
    const previous = readSeen();
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(rememberSeen(previous, productId)));
    } catch {
      // Private mode: nothing is remembered.
    }
    const others = previous.filter((id) => id !== productId);
    if (others.length === 0) {
      // Left as it is when already empty: a new empty list would re-render the page for nothing.
      setCards((shown) => (shown.length === 0 ? shown : []));
      return;
    }
    const controller = new AbortController();
    call("GET /api/products/cards/", { query: { ids: others.join(",") }, signal: controller.signal })
      .then((result) => setCards(result.results))
      .catch(() => setCards([]));
    return () => controller.abort();
  }, [productId]);
  return cards;
}
