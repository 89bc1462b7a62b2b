import * as ToastPrimitive from "@radix-ui/react-toast";
import { useIntl } from "react-intl";
import { X } from "#web/ui/icons.tsx";
import type { Toast } from "./toast-queue.ts";

/** The toasts on screen (Radix's toast region), loaded with the first toast (toast.tsx). */
export default function ToastViewport({
  toasts,
  onRemove,
}: {
  toasts: Toast[];
  onRemove: (id: number) => void;
}) {
  const intl = useIntl();
  return (
    <ToastPrimitive.Provider label={intl.formatMessage({ id: "toast.region" })}>
      {toasts.map((toast) => (
        <ToastPrimitive.Root
          key={toast.id}
          duration={toast.duration}
          type={toast.variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => !open && onRemove(toast.id)}
          className={`flex items-start gap-3 rounded-md border p-4 shadow-lg ${
            toast.variant === "destructive"
              ? "border-red-800 bg-red-700 text-white"
              : toast.variant === "warning"
                ? "border-amber-700 bg-amber-50 text-neutral-900"
                : "border-neutral-200 bg-white text-neutral-900"
          }`}
          data-testid="toast"
        >
          <div className="flex-1">
            <ToastPrimitive.Title className="font-semibold">
              {toast.title}
              {toast.count > 1 && (
                <span
                  className="ml-2 rounded-full bg-black/10 px-1.5 text-xs font-bold"
                  data-testid="toast-count"
                >
                  {intl.formatMessage({ id: "toast.count" }, { count: toast.count })}
                </span>
              )}
            </ToastPrimitive.Title>
            {toast.description && (
              <ToastPrimitive.Description className="text-sm">{toast.description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label={intl.formatMessage({ id: "toast.close" })}
            className="rounded p-1"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] flex w-96 max-w-full flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
