import { FormattedMessage } from "react-intl";
import { useConsent } from "#web/consent/consent-context.tsx";
import { Cookie } from "#web/ui/icons.tsx";

/**
 * What stands in for a third-party video player while the shopper has not accepted marketing
 * cookies: the video's thumbnail with a note and a button that accepts marketing cookies.
 */
export function VideoConsentPlaceholder({
  thumbnail,
  className = "relative",
}: {
  thumbnail: string | null;
  /** Its size and place; it is `relative` unless placed otherwise (`absolute inset-0`). */
  className?: string;
}) {
  const consent = useConsent();
  return (
    <div
      className={`flex items-center justify-center overflow-hidden bg-neutral-900 ${className}`}
      data-testid="video-consent-placeholder"
    >
      {thumbnail && (
        <img src={thumbnail} alt="" className="absolute inset-0 size-full object-cover opacity-50" />
      )}
      <div className="relative m-4 flex flex-col items-center gap-3">
        <p className="flex items-center gap-2 rounded-md bg-white px-4 py-3 text-sm font-semibold text-neutral-900 shadow">
          <Cookie aria-hidden="true" className="size-5 shrink-0" />
          <FormattedMessage id="videoConsent.note" />
        </p>
        {/* Accepting here saves the answer and re-reads the page, whose loader then allows the player. */}
        <button
          type="button"
          onClick={() => consent.save({ statistics: consent.statistics, marketing: true })}
          className="min-h-11 rounded-full bg-white px-5 py-2 text-sm font-semibold text-pitch-950"
        >
          <FormattedMessage id="consentGate.acceptMarketing" />
        </button>
      </div>
    </div>
  );
}
