import { useIntl } from "react-intl";
import { ConsentGate } from "#web/consent/consent-gate.tsx";

const frame = "size-full rounded-lg border-0";

/** A YouTube video (youtube-nocookie.com), only with marketing consent; a placeholder offers it before. */
export function YoutubeBlock({ videoId, title }: { videoId: string; title: string }) {
  const intl = useIntl();
  const name = title || intl.formatMessage({ id: "cms.video.title" });
  return (
    <ConsentGate purpose="marketing" title={name} provider="YouTube">
      <div className="aspect-video w-full">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}`}
          title={name}
          className={frame}
          loading="lazy"
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          data-testid="youtube-player"
        />
      </div>
    </ConsentGate>
  );
}

/** A TikTok video or Instagram reel: an upright player, only with marketing consent. */
export function SocialEmbedBlock({ provider, src }: { provider: "TikTok" | "Instagram"; src: string }) {
  const intl = useIntl();
  const name = intl.formatMessage({ id: "cms.social.title" }, { provider });
  return (
    <div className="mx-auto w-full max-w-sm">
      <ConsentGate purpose="marketing" title={name} provider={provider} aspect="9 / 16">
        <div className="aspect-[9/16] w-full">
          <iframe
            src={src}
            title={name}
            className={frame}
            loading="lazy"
            allow="encrypted-media; fullscreen"
          />
        </div>
      </ConsentGate>
    </div>
  );
}
