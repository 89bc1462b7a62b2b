/** The toast rules of the spec: at most 5 at once; 5 s by default, 10 s in checkout and product flows. */
export const MAX_TOASTS = 5;
export const TOAST_DURATION = 5_000;
export const FLOW_TOAST_DURATION = 10_000;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** Checkout and product flows keep their toasts longer. */
  flow?: boolean;
}

export interface Toast extends Required<Omit<ToastInput, "description" | "flow">> {
  id: number;
  description?: string;
  duration: number;
}

let nextId = 1;

/** Adds a toast; when more than MAX_TOASTS would show, the oldest ones leave. */
export function pushToast(queue: Toast[], input: ToastInput): Toast[] {
  const toast: Toast = {
    id: nextId++,
    title: input.title,
    description: input.description,
    variant: input.variant ?? "default",
    duration: input.flow ? FLOW_TOAST_DURATION : TOAST_DURATION,
  };
  return [...queue, toast].slice(-MAX_TOASTS);
}
