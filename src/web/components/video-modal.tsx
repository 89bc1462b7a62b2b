import * as RadixDialog from "@radix-ui/react-dialog";
import { type ReactNode, useState } from "react";
import { useIntl } from "react-intl";
import { ConsentGate } from "#web/consent/consent-gate.tsx";
import { X } from "#web/ui/icons.tsx";
import { PortalWhileOpen } from "#web/ui/portal-while-open.tsx";

export interface VideoRef {
  provider: string;
  id: string;
}

/** The player's address: Vimeo's, or YouTube's cookie-less one for every other film. */
export function videoSrc(video: VideoRef): string {
  return video.provider === "vimeo"
    ? `https://player.vimeo.com/video/${encodeURIComponent(video.id)}?autoplay=1`
    : `https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.id)}?autoplay=1`;
}

/**
 * A video card that opens its player full-screen, with a close button (the listing's video inserts,
 * the home page's video slider). The button names what it closes (the video), so the player has its
 * own frame rather than the shared dialog's; the player itself waits behind the marketing consent.
 */
export function VideoModal({
  title,
  video,
  thumbnail,
  children,
}: {
  title: string;
  video: VideoRef;
  thumbnail?: string;
  /** The card: what the trigger button shows. */
  children: ReactNode;
}) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Trigger
        className="block w-full text-left"
        aria-label={intl.formatMessage({ id: "video.play" }, { title })}
      >
        {children}
      </RadixDialog.Trigger>
      <PortalWhileOpen open={open}>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/90" />
        <RadixDialog.Content className="fixed inset-0 z-50 flex flex-col p-4">
          <div className="flex items-center justify-between gap-2 text-white">
            <RadixDialog.Title className="text-lg font-bold">{title}</RadixDialog.Title>
            <RadixDialog.Close
              className="rounded-full bg-white/10 p-2"
              aria-label={intl.formatMessage({ id: "video.close" })}
            >
              <X aria-hidden="true" className="size-6" />
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          <div className="mt-4 flex flex-1 flex-col justify-center">
            <ConsentGate
              purpose="marketing"
              title={title}
              provider={video.provider === "vimeo" ? "Vimeo" : "YouTube"}
              thumbnail={thumbnail}
            >
              <iframe
                src={videoSrc(video)}
                title={title}
                allow="autoplay; encrypted-media; picture-in-picture"
                allowFullScreen
                className="w-full flex-1 rounded-lg"
              />
            </ConsentGate>
          </div>
        </RadixDialog.Content>
      </PortalWhileOpen>
    </RadixDialog.Root>
  );
}
