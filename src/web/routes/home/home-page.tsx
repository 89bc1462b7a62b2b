import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { shopContext } from "#server/request-context.ts";
import { LinkCardSlider, teaserLinkCard } from "#web/components/link-card-slider.tsx";
import { LoginAwareBanner } from "#web/components/login-aware-banner.tsx";
import { LogoMarquee } from "#web/components/logo-marquee.tsx";
import { ProductSlider } from "#web/components/product-slider.tsx";
import { VideoSlider } from "#web/components/video-slider.tsx";
import { messagesFor } from "#web/i18n/messages.server.ts";
import * as Tabs from "#web/ui/tabs.tsx";
import type { Route } from "./+types/home-page.ts";
import { loadHome } from "./home.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const messages = messagesFor(shop.locale);
  return {
    home: await loadHome(shop),
    loggedIn: shop.user !== null,
    title: messages["meta.home.title"] ?? "Pitchside",
    description: messages["meta.home.description"] ?? "",
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData?.title ?? "Pitchside" },
    { name: "description", content: loaderData?.description ?? "" },
    { property: "og:title", content: loaderData?.title ?? "Pitchside" },
    { property: "og:description", content: loaderData?.description ?? "" },
  ];
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const { heroes, linkCards, videos, sliders, brands, popular, memberBanner } = loaderData.home;
  const [lead, ...more] = heroes;
  return (
    <>
      {/* The picture stands beside the copy on a phone (above it), behind it from tablets up: its
          drawing never covers the words where the screen is narrow. */}
      <section className="relative flex flex-col bg-pitch-950 text-white">
        {lead && (
          <img
            src={lead.image.src}
            alt=""
            width={lead.image.width}
            height={lead.image.height}
            // The page's largest picture on a phone (its LCP): fetched first, never lazily.
            fetchPriority="high"
            className="aspect-[16/7] w-full object-cover md:absolute md:inset-0 md:aspect-auto md:size-full md:opacity-40"
          />
        )}
        {/* Behind the copy, the picture fades into the hero's colour, whatever its drawing. */}
        <div
          aria-hidden="true"
          className="absolute inset-0 hidden bg-gradient-to-r from-pitch-950 via-pitch-950/80 to-transparent md:block"
        />
        <div className="relative mx-auto w-full max-w-7xl px-4 py-8 md:py-24">
          <h1 className="max-w-2xl text-3xl font-extrabold sm:text-4xl md:text-5xl">
            <FormattedMessage id="home.title" />
          </h1>
          {lead && (
            <>
              <p className="mt-4 max-w-xl text-lg">
                <span className="font-bold">{lead.title}.</span> {lead.lead}
              </p>
              <Link
                to={lead.url}
                className="mt-6 inline-block rounded-full bg-white px-6 py-3 font-bold text-pitch-950"
              >
                <FormattedMessage id="home.hero.cta" />
              </Link>
            </>
          )}
        </div>
      </section>
      <LoginAwareBanner loggedIn={loaderData.loggedIn} member={memberBanner} />
      {more.length > 0 && (
        <ul className="mx-auto grid max-w-7xl gap-4 px-4 py-6 md:grid-cols-2">
          {more.map((hero) => (
            <li
              key={hero.slug}
              className="relative flex flex-col overflow-hidden rounded-lg bg-pitch-900 text-white"
            >
              <img
                src={hero.image.src}
                alt=""
                width={hero.image.width}
                height={hero.image.height}
                loading="lazy"
                className="aspect-[16/6] w-full object-cover"
              />
              <div className="relative p-5 sm:p-6">
                <h2 className="text-2xl font-bold">
                  <Link to={hero.url} className="after:absolute after:inset-0">
                    {hero.title}
                  </Link>
                </h2>
                <p className="mt-2">{hero.lead}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {sliders.map((slider) => (
        <ProductSlider
          key={slider.id}
          title={intl.formatMessage({ id: slider.titleId })}
          cards={slider.cards}
        />
      ))}
      {popular.some((tab) => tab.count > 0) && (
        <section aria-labelledby="home-popular" className="mx-auto max-w-7xl px-4 pt-6">
          <h2 id="home-popular" className="text-xl font-bold">
            <FormattedMessage id="home.popular.title" />
          </h2>
          <Tabs.Root defaultValue={popular[0]?.itemType}>
            <Tabs.List
              aria-label={intl.formatMessage({ id: "home.popular.title" })}
              className="mt-3 flex flex-wrap gap-2"
            >
              {popular.map((tab) => (
                <Tabs.Trigger
                  key={tab.itemType}
                  value={tab.itemType}
                  className="rounded-full border border-neutral-500 px-4 py-1.5 text-sm font-semibold data-[state=active]:border-pitch-900 data-[state=active]:bg-pitch-900 data-[state=active]:text-white"
                >
                  <FormattedMessage id={`home.popular.${tab.itemType}`} />
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {popular.map((tab) => (
              <Tabs.Content key={tab.itemType} value={tab.itemType} className="-mx-4">
                <ProductSlider
                  title={intl.formatMessage({ id: `home.popular.${tab.itemType}` })}
                  cards={tab.cards}
                />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </section>
      )}
      <LinkCardSlider
        title={intl.formatMessage({ id: "home.links.title" })}
        cards={linkCards.map(teaserLinkCard)}
      />
      <VideoSlider title={intl.formatMessage({ id: "home.videos.title" })} videos={videos} />
      {brands.length > 0 && (
        // The heading's line and one moving row of 60 px logos, at every width (with reduced motion
        // the logos stand still on several lines, and the row keeps the general stand-in).
        <section
          aria-labelledby="home-brands"
          className="render-when-near mx-auto max-w-7xl px-4 py-6 motion-safe:[--near-height:6.25rem]"
        >
          <h2 id="home-brands" className="mb-3 text-xl font-bold">
            <FormattedMessage id="home.brands.title" />
          </h2>
          <LogoMarquee
            label={intl.formatMessage({ id: "home.brands.title" })}
            items={brands.map((brand) => ({
              key: brand.id,
              node: brand.logo ? (
                <img src={brand.logo} alt={brand.name} width={120} height={60} loading="lazy" />
              ) : (
                <span className="inline-flex h-[60px] w-[120px] items-center justify-center rounded bg-neutral-100 font-bold">
                  {brand.name}
                </span>
              ),
            }))}
          />
        </section>
      )}
    </>
  );
}
