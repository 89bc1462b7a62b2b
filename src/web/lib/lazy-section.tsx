import {
  type ComponentProps,
  type ComponentType,
  type JSX,
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useRef,
} from "react";
import { type HeldInteractions, holdEarlyInteractions } from "./early-interactions.ts";

/**
 * A part of a page whose code loads after the page's first view (decision 0052), in a Suspense
 * boundary of its own that the page's own re-renders leave alone. Called once per part, at module
 * level, like `lazy`.
 *
 * Why the memo: React hydrates a server-rendered boundary only once its code is here. Should the
 * page re-render before that (a hook setting state on mount, say), the boundary receives new props
 * while still dehydrated, and React gives up on it: the server's HTML is removed and drawn again in
 * the browser — a flash, a layout shift and work for nothing. Shallowly equal props make the memo
 * skip that re-render, so the server's HTML stays until the code arrives and takes it over.
 *
 * Why the wrapper: until the part's code is here React drops a tap on it. The wrapper (no box of
 * its own, `display: contents`) keeps the shopper's taps, submissions and typing meanwhile and does
 * them again once the part is live (decision 0078).
 */
// biome-ignore lint/suspicious/noExplicitAny: any component, its props taken from it
export function lazySection<Component extends ComponentType<any>>(
  load: () => Promise<{ default: Component }>,
): ComponentType<ComponentProps<Component>> {
  type Props = ComponentProps<Component>;
  const Lazy = lazy(load) as unknown as (props: Props) => JSX.Element;
  // On the server the part's code is loaded as the server starts, and the part is drawn from it
  // directly once it is here. Through `lazy` alone, the first page after a start would find the
  // code still loading: React would write the part later, out of place, in a hidden holder that its
  // reveal script moves after the first paint (decision 0079). The browser still waits for it (0052).
  let onServer: ((props: Props) => JSX.Element) | null = null;
  if (typeof window === "undefined")
    load().then(
      (module) => {
        onServer = module.default as unknown as (props: Props) => JSX.Element;
      },
      // Not loaded here: drawn through `lazy`, which reports the failure where the part is drawn.
      () => {},
    );
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module level, like lazy()
  return memo(function LazySection(props: Props) {
    const held = useRef<HeldInteractions | null>(null);
    const live = useRef(false);
    // A ref callback runs as React takes the page over, before any effect: the part is held from
    // the first moment the page is live until React takes the part over too, which it does in a
    // later pass even when the part's code is already here (then for a moment).
    const holdUntilLive = useCallback((part: HTMLDivElement | null) => {
      if (!part || live.current) return;
      held.current = holdEarlyInteractions(part);
      return () => {
        held.current?.dispose();
        held.current = null;
      };
    }, []);
    const onLive = useCallback(() => {
      live.current = true;
      held.current?.release();
      held.current = null;
    }, []);
    const Part = onServer ?? Lazy;
    return (
      <div ref={holdUntilLive} className="contents">
        <Suspense fallback={null}>
          <Part {...props} />
          <WhenLive onLive={onLive} />
        </Suspense>
      </div>
    );
  }) as unknown as ComponentType<Props>;
}

/** Drawn with the part, inside its boundary: its effect runs once the part is live. */
function WhenLive({ onLive }: { onLive: () => void }) {
  useEffect(onLive, [onLive]);
  return null;
}
