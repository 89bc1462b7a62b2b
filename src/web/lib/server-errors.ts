import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiRequestError } from "./api.ts";

/**
 * Puts a failed call's field errors on the form's fields, focusing the first (they are of type
 * "server", so a field can drop its own when it is edited). Whatever found no field comes back as a
 * form-level error id: a limit (the log-in wait, or the rate limit), or the generic message; null when
 * every error has its field.
 * Without `fields`, every field the answer names is taken to be on the form.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields?: readonly Path<T>[],
): string | null {
  if (error instanceof ApiRequestError) {
    // An account that has seen too many wrong passwords makes the next log-in wait a while.
    if (error.status === 429)
      return error.body.error === "login_delayed" ? "account.error.loginDelayed" : "form.error.rateLimited";
    let placed = false;
    for (const [field, messages] of Object.entries(error.body.fields ?? {})) {
      if ((!fields || (fields as readonly string[]).includes(field)) && messages[0]) {
        setError(field as Path<T>, { type: "server", message: messages[0] }, { shouldFocus: !placed });
        placed = true;
      }
    }
    if (placed) return null;
  }
  return "form.error.generic";
}
