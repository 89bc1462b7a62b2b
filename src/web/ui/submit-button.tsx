import type { ReactNode } from "react";

/** A form's full-width send button; `busy` disables it while the form is being sent, so it goes once. */
export function SubmitButton({ busy, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="w-full rounded-full bg-pitch-900 px-4 py-3 font-bold text-white disabled:opacity-60"
    >
      {children}
    </button>
  );
}
