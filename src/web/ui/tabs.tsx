import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useId,
  useState,
} from "react";

interface TabsState {
  value: string;
  choose: (value: string) => void;
  idOf: (part: "trigger" | "content", value: string) => string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const tabs = useContext(TabsContext);
  if (!tabs) throw new Error(`Tabs.${part} must be inside Tabs.Root`);
  return tabs;
}

/**
 * Tabs (the WAI-ARIA tabs pattern, automatic activation): a tab list whose arrow keys, Home and End
 * move the focus and choose the tab, only the chosen tab in the Tab order, and a panel per tab that
 * is drawn only while its tab is chosen and is the next Tab stop after the list (a panel may start
 * with text, or be empty). The chosen value must name one of the tabs. The same parts and attributes as Radix Tabs had here
 * (`Root`, `List`, `Trigger`, `Content`, `data-state` for styles), without what Radix does as a page
 * is taken over: a synchronous redraw per tab and panel, which pulled the page's effects into one
 * long task on a phone (decision 0089).
 */
export function Root({
  value,
  defaultValue,
  onValueChange,
  className,
  children,
}: {
  /** The chosen tab, for tabs whose owner keeps it; otherwise `defaultValue` is chosen first. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  className?: string;
  children: ReactNode;
}) {
  const [own, setOwn] = useState(defaultValue ?? "");
  const base = useId();
  const chosen = value ?? own;
  const state: TabsState = {
    value: chosen,
    choose: (next) => {
      if (next === chosen) return;
      if (value === undefined) setOwn(next);
      onValueChange?.(next);
    },
    // Values are the page's own keys (product types, store groups): safe in an id once encoded.
    idOf: (part, tab) => `${base}-${part}-${encodeURIComponent(tab)}`,
  };
  return (
    <TabsContext value={state}>
      <div className={className}>{children}</div>
    </TabsContext>
  );
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export function List({ className, children, ...props }: Omit<ComponentProps<"div">, "role" | "onKeyDown">) {
  const tabs = useTabs("List");
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = MOVES[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
    const all = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const index = all.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    event.preventDefault();
    const next = all[step(index, all.length)];
    next?.focus();
    if (next?.dataset.value !== undefined) tabs.choose(next.dataset.value);
  };
  return (
    <div {...props} role="tablist" aria-orientation="horizontal" className={className} onKeyDown={move}>
      {children}
    </div>
  );
}

export function Trigger({
  value,
  className,
  children,
  ...props
}: Omit<ComponentProps<"button">, "value" | "type" | "role" | "onClick"> & { value: string }) {
  const tabs = useTabs("Trigger");
  const active = tabs.value === value;
  return (
    <button
      {...props}
      type="button"
      role="tab"
      id={tabs.idOf("trigger", value)}
      aria-selected={active}
      aria-controls={tabs.idOf("content", value)}
      tabIndex={active ? 0 : -1}
      data-state={active ? "active" : "inactive"}
      data-value={value}
      className={className}
      onClick={() => tabs.choose(value)}
    >
      {children}
    </button>
  );
}

export function Content({
  value,
  className,
  children,
}: {
  value: string;
  className?: string;
  children: ReactNode;
}) {
  const tabs = useTabs("Content");
  const active = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={tabs.idOf("content", value)}
      aria-labelledby={tabs.idOf("trigger", value)}
      hidden={!active}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern makes a panel a Tab stop, for panels that start with text
      tabIndex={0}
      data-state={active ? "active" : "inactive"}
      className={className}
    >
      {active && children}
    </div>
  );
}
