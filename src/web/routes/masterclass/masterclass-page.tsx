import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "react-router";
import type { MasterclassVideo } from "#modules/content/masterclass.contract.ts";
import { shopContext } from "#server/request-context.ts";
import { CardSlider } from "#web/components/card-slider.tsx";
import { ConsentGate } from "#web/consent/consent-gate.tsx";
import { asPage } from "#web/lib/page-data.server.ts";
import { Dialog } from "#web/ui/dialog.tsx";
import { Play } from "#web/ui/icons.tsx";
import { PageLinks } from "#web/ui/page-links.tsx";
import { memberOrLogin, pageTitle } from "../account/account.server.ts";
import type { Route } from "./+types/masterclass-page.ts";
import { masterclassPage } from "./masterclass.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const url = new URL(request.url);
  // Members only: a guest logs in and comes back to the same filters.
  memberOrLogin(shop, url);
  const page = await asPage(() => masterclassPage(shop, url));
  return { title: pageTitle(shop, "meta.masterclass.title"), ...page };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Pitchside" }, { name: "robots", content: "noindex" }];
}

type Filters = Route.ComponentProps["loaderData"]["filters"];

/** The address of the page with some filters changed; a change of filter starts again at page 1. */
function addressOf(filters: Filters, change: Partial<Filters>): string {
  const next = { ...filters, page: 1, ...change };
  const query = new URLSearchParams();
  if (next.position !== undefined) query.set("position", String(next.position));
  if (next.skill !== undefined) query.set("skill", String(next.skill));
  if (next.page > 1) query.set("page", String(next.page));
  const search = query.toString();
  return search ? `/masterclass/?${search}` : "/masterclass/";
}

/**
 * The masterclass: a position dropdown (All first), skill chips (a second click deselects), the
 * videos 6 a page, a slider of shorts, and a player in a dialog.
 */
export default function MasterclassPage({ loaderData }: Route.ComponentProps) {
  const { filters, positions, skills, videos, totalCount, pages, shorts } = loaderData;
  const intl = useIntl();
  const navigate = useNavigate();
  const positionId = useId();
  const [playing, setPlaying] = useState<MasterclassVideo | null>(null);
  const go = (change: Partial<Filters>) => navigate(addressOf(filters, change), { preventScrollReset: true });

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="masterclass.title" />
      </h1>
      <p className="mt-1 text-neutral-700">
        <FormattedMessage id="masterclass.intro" />
      </p>

      <div className="mt-6 flex flex-col gap-4">
        <div className="flex flex-col gap-1 sm:max-w-xs">
          <label htmlFor={positionId} className="text-sm font-semibold">
            <FormattedMessage id="masterclass.position" />
          </label>
          <select
            id={positionId}
            name="position"
            data-testid="position-select"
            value={filters.position ?? ""}
            onChange={(event) =>
              go({
                position: event.target.value === "" ? undefined : Number(event.target.value),
                skill: undefined,
              })
            }
            className="min-h-11 rounded border border-neutral-500 bg-white px-3"
          >
            <option value="">{intl.formatMessage({ id: "masterclass.position.all" })}</option>
            {positions.map((position) => (
              <option key={position.id} value={position.id}>
                {position.display_value}
              </option>
            ))}
          </select>
        </div>
        {skills.length > 0 && (
          <fieldset>
            <legend className="mb-2 text-sm font-semibold">
              <FormattedMessage id="masterclass.skills" />
            </legend>
            <ul className="flex flex-wrap gap-2" data-testid="skill-chips">
              {skills.map((skill) => {
                const chosen = filters.skill === skill.id;
                return (
                  <li key={skill.id}>
                    <button
                      type="button"
                      aria-pressed={chosen}
                      onClick={() => go({ skill: chosen ? undefined : skill.id })}
                      className={`min-h-10 rounded-full border px-4 text-sm font-semibold ${
                        chosen
                          ? "border-pitch-900 bg-pitch-900 text-white"
                          : "border-neutral-500 bg-white text-neutral-900"
                      }`}
                    >
                      {skill.display_value}
                    </button>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        )}
      </div>

      <section aria-labelledby="masterclass-videos" className="mt-8">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="masterclass-videos" className="text-xl font-bold">
            <FormattedMessage id="masterclass.videos" />
          </h2>
          <p className="text-sm text-neutral-700" data-testid="video-count" aria-live="polite">
            <FormattedMessage id="masterclass.count" values={{ count: totalCount }} />
          </p>
        </div>
        {videos.length === 0 ? (
          <div className="mt-4 rounded-md border border-neutral-300 p-6">
            <p>
              <FormattedMessage id="masterclass.empty" />
            </p>
            <button
              type="button"
              onClick={() => go({ position: undefined, skill: undefined })}
              className="mt-3 font-semibold underline"
            >
              <FormattedMessage id="masterclass.showAll" />
            </button>
          </div>
        ) : (
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="masterclass-videos">
            {videos.map((video) => (
              <li key={video.id}>
                <VideoCard video={video} onPlay={() => setPlaying(video)} />
              </li>
            ))}
          </ul>
        )}
        {pages > 1 && (
          <div>
            <PageLinks
              page={Math.min(filters.page, pages)}
              totalPages={pages}
              shown={Array.from({ length: pages }, (_, i) => i + 1)}
              to={(page) => addressOf(filters, { page, position: filters.position, skill: filters.skill })}
            />
          </div>
        )}
      </section>

      <div className="-mx-4 mt-8" data-testid="shorts">
        <CardSlider
          title={intl.formatMessage({ id: "masterclass.shorts" })}
          items={shorts}
          itemKey={(short) => short.id}
          slideBasis="basis-[45%]"
          renderItem={(short) => (
            <button
              type="button"
              onClick={() => setPlaying(short)}
              className="group block w-full text-left"
              aria-label={intl.formatMessage({ id: "masterclass.play" }, { title: short.title })}
            >
              <span className="relative block aspect-[9/16] overflow-hidden rounded-lg bg-neutral-200">
                <img
                  src={short.thumbnail_image.full_url}
                  alt=""
                  loading="lazy"
                  className="size-full object-cover"
                />
                <Play
                  aria-hidden="true"
                  className="absolute left-1/2 top-1/2 size-10 -translate-x-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2"
                />
              </span>
              <span className="mt-1 block text-sm font-semibold">{short.title}</span>
            </button>
          )}
        />
      </div>

      <Dialog
        side="centre"
        open={playing !== null}
        onOpenChange={(open) => !open && setPlaying(null)}
        title={playing?.title ?? ""}
        description={<FormattedMessage id="product.video.open" />}
        className="w-[calc(100vw-2rem)] max-w-4xl p-4"
        titleClassName="text-base font-bold"
        testId="masterclass-player"
      >
        {playing && (
          // The player only with marketing consent, as every third-party embed (ConsentGate, decision 0046).
          <ConsentGate
            purpose="marketing"
            title={playing.title}
            provider="YouTube"
            thumbnail={playing.video.thumbnail_max}
          >
            <div
              className="aspect-video w-full bg-black [&_iframe]:size-full"
              // The player's HTML is one iframe of the video host, sanitised on the server (playerHtml).
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server
              dangerouslySetInnerHTML={{ __html: playing.video.html }}
            />
          </ConsentGate>
        )}
      </Dialog>
    </div>
  );
}

function VideoCard({ video, onPlay }: { video: MasterclassVideo; onPlay: () => void }) {
  const intl = useIntl();
  const minutes = Math.max(1, Math.round(video.duration_seconds / 60));
  return (
    <article className="flex flex-col gap-2">
      <div className="relative">
        <button
          type="button"
          onClick={onPlay}
          className="relative block aspect-video w-full overflow-hidden rounded-lg bg-neutral-200"
          aria-label={intl.formatMessage({ id: "masterclass.play" }, { title: video.title })}
          data-testid="play-video"
        >
          <img
            src={video.thumbnail_image.full_url}
            alt=""
            width={video.thumbnail_image.width}
            height={video.thumbnail_image.height}
            loading="lazy"
            className="size-full object-cover"
          />
          <Play
            aria-hidden="true"
            className="absolute left-1/2 top-1/2 size-12 -translate-x-1/2 -translate-y-1/2 rounded-full bg-white/90 p-3"
          />
        </button>
        {video.is_new && (
          <span className="pointer-events-none absolute left-2 top-2 rounded bg-yellow-300 px-2 py-0.5 text-xs font-bold text-neutral-900">
            <FormattedMessage id="masterclass.new" />
          </span>
        )}
        <span className="pointer-events-none absolute bottom-2 right-2 rounded bg-black/80 px-2 py-0.5 text-xs font-semibold text-white">
          <FormattedMessage id="masterclass.duration" values={{ minutes }} />
        </span>
      </div>
      <h3 className="font-semibold">{video.title}</h3>
      <p className="text-sm text-neutral-700">
        <FormattedMessage
          id="masterclass.published"
          values={{ date: intl.formatDate(video.last_published_at, { dateStyle: "medium" }) }}
        />
      </p>
    </article>
  );
}
