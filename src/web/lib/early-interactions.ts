/**
 * What a shopper does in a part of the page before that part's code has arrived, kept and done
 * again once it is live (decision 0078).
 *
 * The server draws a later part (`lazySection`) and the browser's React takes it over only when its
 * code is here. Until then React drops a tap on it, and the browser's own default still runs: a tap
 * on a form's button submitted the back-in-stock form as a plain GET to the page's own address, the
 * shopper's e-mail address in its query. React also draws a form's fields again from its own state
 * when it takes the part over, so what was typed before is wiped.
 *
 * So, until the part is live, a listener for it keeps:
 * - a tap on anything that is not a link or a form field (buttons, labels, summaries): its default
 *   is stopped and it is tapped again once live, in order;
 * - a form's submission (Enter in a field): stopped, and the form submitted again once live;
 * - what the shopper typed, chose or ticked: written back once live, as if typed, so the part's
 *   own state learns it.
 *
 * Links are left alone: they lead where they lead without the part's code. Form fields are left
 * alone: focusing, typing and choosing work without it.
 */
export interface HeldInteractions {
  /** The part is live: write back what was typed, tap again what was tapped, stop holding. */
  release(): void;
  /** The part went away before it was live: stop holding, do nothing. */
  dispose(): void;
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Held = { kind: "tap"; target: HTMLElement } | { kind: "submit"; form: HTMLFormElement };

/** Taps kept at most: a shopper tapping on and on does not queue a burst for later. */
const MOST_HELD = 5;

const FIELD = "input, select, textarea";
const TOGGLE_TYPES = new Set(["checkbox", "radio"]);

function isField(element: Element): element is Field {
  return element.matches(FIELD);
}

export function holdEarlyInteractions(part: HTMLElement): HeldInteractions {
  const held: Held[] = [];
  // The value each field had when the shopper last changed it, keyed by the element itself: React
  // keeps the server's elements when it takes the part over.
  const typed = new Map<Field, string | boolean>();

  const hold = (entry: Held) => {
    if (held.length >= MOST_HELD) return;
    held.push(entry);
    part.setAttribute("aria-busy", "true");
  };

  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || !part.contains(target)) return;
    if (target.closest("a[href]") || isField(target)) return;
    // A label's own default would tick its box now and the tap again would untick it.
    event.preventDefault();
    event.stopPropagation();
    const tappable = (target.closest("button, label, summary, [role='button']") ?? target) as HTMLElement;
    hold({ kind: "tap", target: tappable });
  };

  const onSubmit = (event: Event) => {
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    if (!form || !part.contains(form)) return;
    event.preventDefault();
    event.stopPropagation();
    hold({ kind: "submit", form });
  };

  const onInput = (event: Event) => {
    const field = event.target instanceof Element && isField(event.target) ? event.target : null;
    if (!field || !part.contains(field)) return;
    const toggle = field instanceof HTMLInputElement && TOGGLE_TYPES.has(field.type);
    typed.set(field, toggle ? (field as HTMLInputElement).checked : field.value);
  };

  // On the window, capturing: it hears an event before React's own listener on the document, which
  // stops an event meant for a part it cannot take over yet from going any further.
  const listeners = [
    ["click", onClick],
    ["submit", onSubmit],
    ["input", onInput],
    ["change", onInput],
  ] as const;
  const window = part.ownerDocument.defaultView;
  for (const [type, listener] of listeners) window?.addEventListener(type, listener as EventListener, true);

  const stop = () => {
    for (const [type, listener] of listeners)
      window?.removeEventListener(type, listener as EventListener, true);
    part.removeAttribute("aria-busy");
  };

  return {
    dispose: stop,
    release() {
      stop();
      for (const [field, value] of typed) if (field.isConnected) writeBack(field, value);
      for (const entry of held) {
        if (entry.kind === "tap" && entry.target.isConnected) entry.target.click();
        if (entry.kind === "submit" && entry.form.isConnected) entry.form.requestSubmit();
      }
    },
  };
}

/**
 * Puts a value back into a field the way a shopper's typing would: through the element's own
 * setter (React watches the property it sets itself) and an event React listens to.
 */
function writeBack(field: Field, value: string | boolean) {
  if (typeof value === "boolean") {
    // A box ticked before the part was live and reset since: tapping it ticks it and tells React.
    if ((field as HTMLInputElement).checked !== value) (field as HTMLInputElement).click();
    return;
  }
  if (field.value === value) return;
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
}
