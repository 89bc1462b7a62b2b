/**
 * What a shopper does in a part of the page before that part's code has arrived, kept and done
 * again once it is live (decision 0078).
 *
 * The server draws a later part (`lazySection`) and the browser's React takes it over only when its
 * code is here. Until then React's listener on the document stops a tap on the part from going any
 * further and does nothing with it, while the browser's own default still runs: a tap on a form's
 * button sent the back-in-stock form as a plain GET of the page, the shopper's e-mail address in its
 * query. And a form library writes its default values into the fields when the part is taken over,
 * wiping what was typed.
 *
 * So, until the part is live, listeners on the window keep:
 * - a tap on a button: its default is stopped, it shows that it is waiting (`data-waiting`), and it
 *   is tapped again once live; a button tapped twice meanwhile is tapped again once;
 * - a form's submission: stopped, and the form submitted again once live;
 * - each field's value as the shopper left it: written back once live, as if typed, so the part's
 *   own state learns it.
 * Values are written back first, then the buttons tapped in the order they were tapped. What waited
 * longer than `LONGEST_WAIT_MS` is dropped: a dialog opening or a form sent long after the tap would
 * surprise the shopper more than tapping again.
 *
 * Everything else is left alone: links lead where they lead, fields, labels and summaries work
 * without the part's code, and a tap on text or a picture has nothing to do.
 */
export interface HeldInteractions {
  /** The part is live: write back what was typed, tap again what was tapped, stop holding. */
  release(): void;
  /** The part went away before it was live: stop holding, do nothing. */
  dispose(): void;
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Held = { at: number } & (
  | { kind: "tap"; target: HTMLElement }
  | { kind: "submit"; form: HTMLFormElement }
);

/** A tap or submission kept longer than this is not done again. */
export const LONGEST_WAIT_MS = 10_000;

const BUTTON = "button, [role='button']";
const FIELD = "input, select, textarea, option, optgroup, label, summary";

export function holdEarlyInteractions(part: HTMLElement): HeldInteractions {
  const held: Held[] = [];
  // The value each field had when the shopper last changed it, keyed by the element itself: React
  // keeps the server's elements when it takes the part over. Re-inserted on each change, so the
  // last change is written back last (a radio group's last choice wins).
  const typed = new Map<Field, string | boolean>();

  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || !part.contains(target) || target.closest(`a[href], ${FIELD}`)) return;
    const button = target.closest(BUTTON);
    if (!(button instanceof HTMLElement) || !part.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    if (held.some((entry) => entry.kind === "tap" && entry.target === button)) return;
    held.push({ kind: "tap", target: button, at: Date.now() });
    button.setAttribute("data-waiting", "");
    part.setAttribute("aria-busy", "true");
  };

  const onSubmit = (event: Event) => {
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    if (!form || !part.contains(form)) return;
    event.preventDefault();
    event.stopPropagation();
    if (held.some((entry) => entry.kind === "submit" && entry.form === form)) return;
    held.push({ kind: "submit", form, at: Date.now() });
    part.setAttribute("aria-busy", "true");
  };

  const onInput = (event: Event) => {
    const field = event.target instanceof Element ? event.target : null;
    if (
      !(
        field instanceof HTMLInputElement ||
        field instanceof HTMLSelectElement ||
        field instanceof HTMLTextAreaElement
      ) ||
      !part.contains(field) ||
      (field instanceof HTMLInputElement && field.type === "file")
    )
      return;
    const checkable =
      field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");
    typed.delete(field);
    typed.set(field, checkable ? (field as HTMLInputElement).checked : field.value);
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
  for (const [type, listener] of listeners) window?.addEventListener(type, listener, true);

  const stop = () => {
    for (const [type, listener] of listeners) window?.removeEventListener(type, listener, true);
    part.removeAttribute("aria-busy");
    for (const entry of held) if (entry.kind === "tap") entry.target.removeAttribute("data-waiting");
  };

  return {
    dispose: stop,
    release() {
      stop();
      for (const [field, value] of typed) if (field.isConnected) writeBack(field, value);
      const since = Date.now() - LONGEST_WAIT_MS;
      for (const entry of held) {
        if (entry.at < since) continue;
        if (entry.kind === "tap" && entry.target.isConnected) entry.target.click();
        if (entry.kind === "submit" && entry.form.isConnected) entry.form.requestSubmit();
      }
    },
  };
}

/**
 * Puts a value back into a field so that the part's React learns it, as from a shopper's typing.
 * React keeps what is in a field when it takes the part over and notes it as known, so the value is
 * first set to something else through the element's own property (which React watches), then to the
 * shopper's value through the browser's setter (which it does not), and the event React listens to
 * is sent: React sees a change.
 */
function writeBack(field: Field, value: string | boolean) {
  if (field instanceof HTMLSelectElement) {
    field.value = value as string;
    field.dispatchEvent(new Event("change", { bubbles: true }));
    return;
  }
  if (typeof value === "boolean") {
    const box = field as HTMLInputElement;
    // A radio is written back by the one the shopper chose; one left is not a choice to repeat.
    if (!value && box.type === "radio") return;
    box.checked = !value;
    box.click();
    return;
  }
  field.value = value === "" ? " " : "";
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, "value")?.set?.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}
