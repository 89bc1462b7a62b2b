import { useIntl } from "react-intl";
import { Star } from "#web/ui/icons.tsx";

/** Five stars, `value` of them filled (halves rounded), read out as "4.3 of 5 stars". */
export function Stars({ value, size = "size-4" }: { value: number; size?: string }) {
  const intl = useIntl();
  const filled = Math.round(value);
  return (
    <span
      role="img"
      aria-label={intl.formatMessage({ id: "reviews.stars" }, { value: intl.formatNumber(value) })}
      className="inline-flex text-amber-600"
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className={size} fill={n <= filled ? "currentColor" : "none"} />
      ))}
    </span>
  );
}
