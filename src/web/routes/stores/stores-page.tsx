import { lazy, Suspense, useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { StoreView } from "#modules/content/stores.contract.ts";
import { shopContext } from "#server/request-context.ts";
import { BlockRenderer, type WithPageBlocks } from "#web/components/blocks/block-renderer.tsx";
import { SliderButtons } from "#web/components/card-slider.tsx";
import { useDeferredEmbla } from "#web/lib/use-deferred-embla.ts";
import { Clock, MapPin } from "#web/ui/icons.tsx";
import * as Tabs from "#web/ui/tabs.tsx";
import type { Route } from "./+types/stores-page.ts";
import { loadStores } from "./stores.server.ts";

// Leaflet is loaded in the browser only, with the map.
const StoreMap = lazy(() => import("./store-map.tsx"));

export function loader({ context }: Route.LoaderArgs) {
  return loadStores(context.get(shopContext));
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.title ?? "Stores"} – Pitchside` }];
}

/**
 * The store locator (spec §2): a tab per group of stores (a country), and per store its pictures,
 * description, opening hours, address with a link to the map service and a small map.
 */
export default function StoresPage({ loaderData }: Route.ComponentProps) {
  const { stores, mapTileUrl } = loaderData;
  const intl = useIntl();
  const groups = [...new Set(stores.map((store) => store.group_key))];
  const regions = new Intl.DisplayNames([intl.locale], { type: "region" });
  const groupName = (key: string) => {
    const country = stores.find((store) => store.group_key === key)?.address.country;
    return (country && regions.of(country)) ?? key;
  };
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="mb-2 text-3xl font-bold">
        <FormattedMessage id="stores.title" />
      </h1>
      <p className="mb-6 text-neutral-800">
        <FormattedMessage id="stores.intro" />
      </p>
      {groups.length === 0 ? (
        <p>
          <FormattedMessage id="stores.none" />
        </p>
      ) : (
        <Tabs.Root defaultValue={groups[0]}>
          <Tabs.List
            aria-label={intl.formatMessage({ id: "stores.groups" })}
            className="mb-6 flex flex-wrap gap-2"
          >
            {groups.map((key) => (
              <Tabs.Trigger
                key={key}
                value={key}
                className="min-h-10 rounded-full border border-neutral-500 px-4 py-1.5 text-sm font-semibold data-[state=active]:border-pitch-900 data-[state=active]:bg-pitch-900 data-[state=active]:text-white"
              >
                {groupName(key)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {groups.map((key) => (
            <Tabs.Content key={key} value={key} className="flex flex-col gap-10">
              {stores
                .filter((store) => store.group_key === key)
                .map((store) => (
                  <StoreCard key={store.id} store={store} tileUrl={mapTileUrl} />
                ))}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </div>
  );
}

/** A store as the page carries it: its body's blocks as the page renders them (`pageBlocks`). */
type StorePageView = WithPageBlocks<StoreView>;

function StoreCard({ store, tileUrl }: { store: StorePageView; tileUrl: string | null }) {
  const intl = useIntl();
  const headingId = `store-${store.slug}`;
  // The map is drawn after hydration: Leaflet needs the browser.
  const [mapShown, setMapShown] = useState(false);
  useEffect(() => setMapShown(true), []);
  const { lat, lng } = store.address.maps_location;
  return (
    <article aria-labelledby={headingId} className="grid gap-6 md:grid-cols-2" data-testid="store">
      <div className="flex min-w-0 flex-col gap-4">
        <h2 id={headingId} className="text-2xl font-bold">
          {store.title || store.store}
          {store.is_flagship && (
            <span className="ml-2 inline-block rounded bg-pitch-50 px-2 py-0.5 align-middle text-xs font-bold text-pitch-900">
              <FormattedMessage id="stores.flagship" />
            </span>
          )}
        </h2>
        <StoreGallery store={store} />
        {store.description && <p className="text-neutral-800">{store.description}</p>}
        {store.body.length > 0 && (
          <div data-testid="store-body">
            <BlockRenderer blocks={store.body} />
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        <section aria-labelledby={`${headingId}-hours`}>
          <h3 id={`${headingId}-hours`} className="mb-2 flex items-center gap-2 font-semibold">
            <Clock aria-hidden="true" className="size-4" />
            <FormattedMessage id="stores.hours" />
          </h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm" data-testid="opening-hours">
            {store.opening_hours.map((day) => (
              <div key={day.day} className="contents">
                <dt className="capitalize">{day.display_name}</dt>
                <dd>{day.display ?? intl.formatMessage({ id: "stores.closed" })}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby={`${headingId}-address`}>
          <h3 id={`${headingId}-address`} className="mb-2 flex items-center gap-2 font-semibold">
            <MapPin aria-hidden="true" className="size-4" />
            <FormattedMessage id="stores.address" />
          </h3>
          <address className="text-sm not-italic">
            {store.address.street}
            <br />
            {store.address.city}, {store.address.zip}
          </address>
          <a
            href={store.maps_url}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-2 inline-block py-1 text-sm font-semibold underline"
            data-testid="maps-link"
          >
            <FormattedMessage id="stores.directions" values={{ store: store.title || store.store }} />
          </a>
        </section>
        {tileUrl && (
          <div data-testid="store-map" data-lat={lat} data-lng={lng}>
            {mapShown ? (
              <Suspense fallback={<div className="h-64 w-full rounded bg-neutral-100" />}>
                <StoreMap
                  lat={lat}
                  lng={lng}
                  name={store.title || store.store}
                  label={intl.formatMessage(
                    { id: "stores.mapCaption" },
                    { store: store.title || store.store },
                  )}
                  tileUrl={tileUrl}
                />
              </Suspense>
            ) : (
              <div className="h-64 w-full rounded bg-neutral-100" />
            )}
          </div>
        )}
      </div>
    </article>
  );
}

/** The store's pictures, one at a time, swiped or stepped through with the buttons. */
function StoreGallery({ store }: { store: StorePageView }) {
  const intl = useIntl();
  const [viewport, embla] = useDeferredEmbla({ loop: false });
  if (store.images.length === 0) return null;
  return (
    <section
      aria-roledescription="carousel"
      aria-label={intl.formatMessage({ id: "stores.pictures" }, { store: store.title || store.store })}
      className="relative"
      data-testid="store-gallery"
    >
      <div ref={viewport} className="overflow-hidden rounded-lg">
        <ul className="flex">
          {store.images.map((image, i) => (
            <li
              key={image.src}
              className="min-w-0 shrink-0 basis-full"
              aria-roledescription="slide"
              aria-label={intl.formatMessage(
                { id: "stores.slide" },
                { n: i + 1, total: store.images.length },
              )}
            >
              <img
                src={image.src}
                alt={image.alt}
                width={image.width}
                height={image.height}
                loading={i === 0 ? "eager" : "lazy"}
                className="aspect-[3/2] w-full object-cover"
              />
            </li>
          ))}
        </ul>
      </div>
      {store.images.length > 1 && <SliderButtons embla={embla} className="mt-2 flex justify-end gap-2" />}
    </section>
  );
}
