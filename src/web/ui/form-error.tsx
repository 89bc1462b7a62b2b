import { FormattedMessage } from "react-intl";

/**
 * A form's error that belongs to no field (a refused log-in, the rate limit), announced as it
 * appears. `id` is a translation id, as every error of the shared contracts is.
 */
export function FormError({ id }: { id: string | null | undefined }) {
  if (!id) return null;
  return (
    <p role="alert" className="text-sm text-red-700">
      <FormattedMessage id={id} />
    </p>
  );
}
