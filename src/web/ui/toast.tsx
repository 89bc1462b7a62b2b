import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState } from "react";
import { pushToast, type Toast, type ToastInput } from "./toast-queue.ts";

const ToastContext = createContext<(input: ToastInput) => void>(() => {});

const ToastViewport = lazy(() => import("./toast-viewport.tsx"));

export function useToast() {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const show = useCallback((input: ToastInput) => setToasts((queue) => pushToast(queue, input)), []);
  const remove = (id: number) => setToasts((queue) => queue.filter((t) => t.id !== id));
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* The toast region and its library arrive with the first toast, not with every page. */}
      {toasts.length > 0 && (
        <Suspense fallback={null}>
          <ToastViewport toasts={toasts} onRemove={remove} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
