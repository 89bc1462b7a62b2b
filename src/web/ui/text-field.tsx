import { forwardRef, useId } from "react";
import { useIntl } from "react-intl";

interface Props extends React.InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** A translation id (the shared contracts speak in ids). */
  error?: string;
  hint?: string;
}

/** A labelled input whose error is announced and linked to it. */
export const TextField = forwardRef<HTMLInputElement, Props>(function TextField(
  { label, error, hint, id, className, ...input },
  ref,
) {
  const intl = useIntl();
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className ?? ""}`}>
      <label htmlFor={inputId} className="text-sm font-semibold">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`rounded border px-3 py-2 ${error ? "border-red-700" : "border-neutral-500"} focus:outline-2 focus:outline-pitch-700`}
        {...input}
      />
      {hint && (
        <p id={`${inputId}-hint`} className="text-xs text-neutral-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} className="text-sm text-red-700">
          {intl.formatMessage({ id: error, defaultMessage: error })}
        </p>
      )}
    </div>
  );
});
