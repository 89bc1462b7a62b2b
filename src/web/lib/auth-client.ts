import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiRequestError } from "./api.ts";

/**
 * Puts a failed call's field errors on the form's fields; anything else becomes a form-level error
 * id (rate limit or the generic message).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: Path<T>[],
): string | null {
  if (error instanceof ApiRequestError) {
    if (error.status === 429) return "form.error.rateLimited";
    let placed = false;
    for (const [field, messages] of Object.entries(error.body.fields ?? {})) {
      if ((fields as string[]).includes(field) && messages[0]) {
        setError(field as Path<T>, { type: "server", message: messages[0] }, { shouldFocus: !placed });
        placed = true;
      }
    }
    if (placed) return null;
  }
  return "form.error.generic";
}

/** Only same-site paths are followed after log-in, so a crafted link cannot send a member away. */
export function safeNext(next: string | null | undefined, fallback = "/account/home/"): string {
  return next?.startsWith("/") && !next.startsWith("//") ? next : fallback;
}
