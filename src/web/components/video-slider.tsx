import { Play } from "#web/ui/icons.tsx";
import { CardSlider } from "./card-slider.tsx";
import { VideoModal, type VideoRef } from "./video-modal.tsx";

export interface VideoSlide {
  slug: string;
  title: string;
  image: { src: string; width: number; height: number };
  video: VideoRef;
}

/**
 * The home page's video slider (spec: content widgets, video slider with modal): a row of video
 * stills; each opens the full-screen player, which waits for the marketing consent.
 */
export function VideoSlider({ title, videos }: { title: string; videos: VideoSlide[] }) {
  return (
    <div data-testid="video-slider">
      <CardSlider
        title={title}
        items={videos}
        itemKey={(video) => video.slug}
        slideBasis="basis-[80%]"
        // On phones: the heading's line, a 16:9 still 80 % of the row wide and its title's line.
        nearHeight="max-sm:[--near-height:calc(4.5rem_+_0.45_*_(100vw_-_2rem))]"
        renderItem={(video) => (
          <VideoModal title={video.title} video={video.video} thumbnail={video.image.src}>
            <span className="relative block">
              <img
                src={video.image.src}
                alt=""
                width={video.image.width}
                height={video.image.height}
                loading="lazy"
                className="aspect-video w-full rounded-lg object-cover"
              />
              <span className="absolute inset-0 flex items-center justify-center">
                <span className="rounded-full bg-black/70 p-3 text-white">
                  <Play aria-hidden="true" className="size-6" />
                </span>
              </span>
            </span>
            <span className="mt-2 block font-semibold">{video.title}</span>
          </VideoModal>
        )}
      />
    </div>
  );
}
