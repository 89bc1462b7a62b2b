import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useRevalidator } from "react-router";
import { call } from "#web/lib/api.ts";

interface Favourites {
  loggedIn: boolean;
  ids: Set<number>;
  toggle: (productId: number) => Promise<void>;
}

const FavouritesContext = createContext<Favourites>({
  loggedIn: false,
  ids: new Set(),
  toggle: async () => {},
});

/**
 * The member's favourites, read once per page load (only when logged in) and shared by every card's
 * heart, so a grid of 60 cards makes one call, not 60.
 */
export function FavouritesProvider({ loggedIn, children }: { loggedIn: boolean; children: React.ReactNode }) {
  const revalidator = useRevalidator();
  const [ids, setIds] = useState<Set<number>>(new Set());
  useEffect(() => {
    if (!loggedIn) {
      // The same empty set when there was nothing: a new one would redraw every card's heart just
      // after the page is taken over (a long task on a phone).
      setIds((current) => (current.size ? new Set() : current));
      return;
    }
    const controller = new AbortController();
    call("GET /api/favorites/", { signal: controller.signal })
      .then((result) => setIds(new Set(result.product_ids)))
      .catch(() => undefined);
    return () => controller.abort();
  }, [loggedIn]);
  const toggle = useCallback(
    async (productId: number) => {
      const adding = !ids.has(productId);
      const next = new Set(ids);
      if (adding) next.add(productId);
      else next.delete(productId);
      setIds(next);
      try {
        const result = await call(adding ? "POST /api/favorites/add/" : "POST /api/favorites/remove/", {
          json: { product_id: productId },
        });
        setIds(new Set(result.data.map((item) => item.product_id)));
        revalidator.revalidate();
      } catch {
        setIds(ids);
      }
    },
    [ids, revalidator],
  );
  const value = useMemo(() => ({ loggedIn, ids, toggle }), [loggedIn, ids, toggle]);
  return <FavouritesContext.Provider value={value}>{children}</FavouritesContext.Provider>;
}

export const useFavourites = () => useContext(FavouritesContext);

const NO_FAVOURITES: Favourites["ids"] = new Set();
const cannotToggle = async () => {};

/**
 * The favourites as the server draws them: a member's are read by the browser, so the server's hearts
 * are all empty, and nothing is toggled there (a card's kept markup, card-markup.server.tsx).
 */
export function ServerFavourites({ loggedIn, children }: { loggedIn: boolean; children: React.ReactNode }) {
  return (
    <FavouritesContext.Provider value={{ loggedIn, ids: NO_FAVOURITES, toggle: cannotToggle }}>
      {children}
    </FavouritesContext.Provider>
  );
}
