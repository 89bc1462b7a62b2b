import { FormattedMessage, useIntl } from "react-intl";
import { useSizeLabel } from "#web/lib/sizes.ts";

/**
 * A size to choose before something goes in the bag (a combine offer, a favourite): the sizes in
 * stock, and "select a size" under it when the shopper tried to add without one. `id` is the
 * select's, so the caller's label points at it.
 */
export function SizeSelect({
  id,
  sizes,
  sizeId,
  onChange,
  needSize,
  className,
  errorClassName,
}: {
  id: string;
  sizes: { size_id: number; name: string }[];
  sizeId: number | undefined;
  onChange: (sizeId: number | undefined) => void;
  needSize: boolean;
  className: string;
  errorClassName: string;
}) {
  const intl = useIntl();
  const sizeLabel = useSizeLabel();
  return (
    <>
      <select
        id={id}
        value={sizeId ?? ""}
        aria-invalid={needSize || undefined}
        aria-describedby={needSize ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
        className={className}
      >
        <option value="">{intl.formatMessage({ id: "notify.chooseSize" })}</option>
        {sizes.map((size) => (
          <option key={size.size_id} value={size.size_id}>
            {sizeLabel(size.name)}
          </option>
        ))}
      </select>
      {needSize && (
        <p id={`${id}-error`} className={errorClassName}>
          <FormattedMessage id="offer.selectSize" />
        </p>
      )}
    </>
  );
}
