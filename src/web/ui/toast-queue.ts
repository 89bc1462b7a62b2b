/** The toast rules of the spec: at most 5 at once; 5 s by default, 10 s in checkout and product flows. */
export const MAX_TOASTS = 5;
export const TOAST_DURATION = 5_000;
export const FLOW_TOAST_DURATION = 10_000;

export interface ToastInput {
  title: string;
  description?: string;
  /** A warning tells of something the shopper should know (a lowered quantity, an unused voucher). */
  variant?: "default" | "destructive" | "warning";
  /** Checkout and product flows keep their toasts longer. */
  flow?: boolean;
}

export interface Toast extends Required<Omit<ToastInput, "description" | "flow">> {
  id: number;
  description?: string;
  duration: number;
  /** How many times the same toast was asked for while it showed ("×3"). */
  count: number;
}

let nextId = 1;

const sameToast = (toast: Toast, input: ToastInput) =>
  toast.title === input.title &&
  (toast.description ?? "") === (input.description ?? "") &&
  toast.variant === (input.variant ?? "default");

/**
 * Adds a toast. The same toast asked for again while it shows is not shown twice: the one showing
 * counts it and starts its time again (it gets a new id, so it is announced again). Warnings do not
 * pile up: a new warning replaces the one showing. Beyond MAX_TOASTS, the oldest leave.
 */
export function pushToast(queue: Toast[], input: ToastInput): Toast[] {
  const variant = input.variant ?? "default";
  const duration = input.flow ? FLOW_TOAST_DURATION : TOAST_DURATION;
  const same = queue.find((toast) => sameToast(toast, input));
  const rest = queue.filter(
    (toast) => toast !== same && !(variant === "warning" && toast.variant === "warning"),
  );
  const toast: Toast = {
    id: nextId++,
    title: input.title,
    description: input.description,
    variant,
    duration: Math.max(duration, same?.duration ?? 0),
    count: (same?.count ?? 0) + 1,
  };
  return [...rest, toast].slice(-MAX_TOASTS);
}
