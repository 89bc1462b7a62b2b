import { type ComponentProps, type ComponentType, type JSX, lazy, memo, Suspense } from "react";

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
 */
// biome-ignore lint/suspicious/noExplicitAny: any component, its props taken from it
export function lazySection<Component extends ComponentType<any>>(
  load: () => Promise<{ default: Component }>,
): ComponentType<ComponentProps<Component>> {
  type Props = ComponentProps<Component>;
  const Lazy = lazy(load) as unknown as (props: Props) => JSX.Element;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module level, like lazy()
  return memo(function LazySection(props: Props) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }) as unknown as ComponentType<Props>;
}
