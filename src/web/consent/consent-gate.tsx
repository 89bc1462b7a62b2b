import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { ShieldCheck } from "#web/ui/icons.tsx";
import { useConsent } from "./consent-context.tsx";

interface Props {
  /** The consent the content needs; social embeds and videos need marketing. */
  purpose: "marketing" | "statistics";
  /** What the content is (a video's title), named in the placeholder. */
  title: string;
  /** Who serves the content (YouTube, TikTok, Instagram): the placeholder says who sets cookies. */
  provider: string;
  /** A picture from the shop's own media for the placeholder (nothing is loaded from the provider). */
  thumbnail?: string;
  /** Width / height of the content, so the placeholder takes the same room as what it stands for. */
  aspect?: string;
  children: ReactNode;
}

/**
 * Third-party content only with the shopper's consent (useConsent, the same in every environment):
 * until the purpose is accepted, a placeholder names the content and who serves it and offers to
 * accept that purpose's cookies, keeping the shopper's other answers as they are.
 */
export function ConsentGate({ purpose, title, provider, thumbnail, aspect = "16 / 9", children }: Props) {
  const consent = useConsent();
  if (consent[purpose]) return <>{children}</>;
  return (
    <div
      data-testid="consent-placeholder"
      className="relative flex w-full flex-col items-center justify-center gap-3 overflow-hidden rounded-lg bg-pitch-950 p-4 text-center text-white"
      style={{ aspectRatio: aspect, minHeight: "12rem" }}
    >
      {thumbnail && (
        <img
          src={thumbnail}
          alt=""
          className="absolute inset-0 size-full object-cover opacity-30"
          loading="lazy"
        />
      )}
      <ShieldCheck aria-hidden="true" className="relative size-8" />
      <p className="relative max-w-md text-sm font-semibold">
        <FormattedMessage id="consentGate.title" values={{ title, provider }} />
      </p>
      <p className="relative max-w-md text-xs text-neutral-200">
        <FormattedMessage id="consentGate.text" values={{ provider }} />
      </p>
      <button
        type="button"
        onClick={() =>
          consent.save({ statistics: consent.statistics, marketing: consent.marketing, [purpose]: true })
        }
        className="relative min-h-11 rounded-full bg-white px-5 py-2 text-sm font-semibold text-pitch-950"
      >
        <FormattedMessage
          id={purpose === "marketing" ? "consentGate.acceptMarketing" : "consentGate.acceptStatistics"}
        />
      </button>
    </div>
  );
}
