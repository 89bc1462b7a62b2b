import { Cookie } from "lucide-react";
import { FormattedMessage } from "react-intl";

/**
 * What stands in for a third-party video player while the shopper has not accepted marketing
 * cookies: the video's thumbnail with a note. The one place that says so, so that the consent banner
 * can later offer its "accept" here too.
 */
export function VideoConsentPlaceholder({
  thumbnail,
  className = "relative",
}: {
  thumbnail: string | null;
  /** Its size and place; it is `relative` unless placed otherwise (`absolute inset-0`). */
  className?: string;
}) {
  return (
    <div
      className={`flex items-center justify-center overflow-hidden bg-neutral-900 ${className}`}
      data-testid="video-consent-placeholder"
    >
      {thumbnail && (
        <img src={thumbnail} alt="" className="absolute inset-0 size-full object-cover opacity-50" />
      )}
      <p className="relative m-4 flex items-center gap-2 rounded-md bg-white px-4 py-3 text-sm font-semibold text-neutral-900 shadow">
        <Cookie aria-hidden="true" className="size-5 shrink-0" />
        <FormattedMessage id="videoConsent.note" />
      </p>
    </div>
  );
}
