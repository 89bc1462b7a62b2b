import { useContext, useEffect } from "react";
import { FormattedMessage, IntlProvider, RawIntlProvider, useIntl } from "react-intl";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { LOCALE_TAGS, MARKETS } from "#modules/markets/markets.service.ts";
import { shopContext } from "#server/request-context.ts";
import { CheckoutHeader } from "#web/components/checkout-header.tsx";
import { FavouritesProvider } from "#web/components/favourites-context.tsx";
import { HeartSymbol } from "#web/components/heart-icon.tsx";
import { ConsentProvider } from "#web/consent/consent-context.tsx";
import { CookieBanner, CookieSettingsDialog, TagManager } from "#web/consent/cookie-consent.tsx";
import type { Route } from "./+types/root.ts";
// The stylesheet is written into the page (InlineStylesheet), not linked: no request before first paint.
import stylesheet from "./app.css?url";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { MessagesContext } from "./i18n/messages-context.ts";
import { messagesFileFor } from "./i18n/messages-file.server.ts";
import { sharedIntl } from "./i18n/shared-intl.ts";
import { ERROR_REPORTING_META } from "./lib/error-reporting.ts";
import { InlineStylesheet } from "./lib/inline-stylesheet.tsx";
import { readJsonText } from "./lib/json-text.ts";
import { PageTextScripts } from "./lib/page-texts.tsx";
import { usePlainLinks } from "./lib/plain-links.ts";
import { seoLinks } from "./lib/seo.ts";
import { loadShell } from "./lib/shell.server.ts";
import { readShellAgain, useVisitorShell } from "./lib/visitor-shell.ts";
import { ToastProvider } from "./ui/toast.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  // A page for the page cache carries nothing personal: the browser fills it in (decision 0051).
  const personal = !shop.personalFromBrowser;
  const shell = await loadShell(shop, { counts: personal });
  // Links to this page (canonical, hreflang) are on configured addresses, never on the request's URL.
  const hostMarkets = shop.publicAddresses.hosts.flatMap(({ host, market: code, url }) => {
    const market = MARKETS.find((m) => m.code === code);
    return market ? [{ host, market: code, locale: market.locale, tag: market.intlLocale, url }] : [];
  });
  return {
    locale: shop.locale,
    localeTag: LOCALE_TAGS[shop.locale],
    // The interface texts' hashed file (preloaded below, read before hydration), not the texts.
    messagesUrl: messagesFileFor(shop.locale).url,
    market: { code: shop.market.code, currency: shop.market.currency },
    user: personal && shop.user ? { name: shop.user.name, email: shop.user.email } : null,
    csrfToken: personal ? shop.csrfToken : "",
    personalFromBrowser: !personal,
    consent: shop.consent,
    // The tag manager's container, loaded in the browser only after statistics consent (decision 0045).
    tagManager: shop.config.gtmContainerId ?? null,
    nonce: shop.cspNonce,
    origin: shop.publicUrl,
    hostMarkets,
    shell,
    // Browser error reporting, only when configured (the DSN is public by design).
    errorReporting: shop.config.sentryBrowserDsn
      ? {
          dsn: shop.config.sentryBrowserDsn,
          environment: shop.config.sentryEnvironment,
          release: shop.config.sentryRelease ?? null,
        }
      : null,
  };
}

/** The shell is read again only after a change, not on every navigation (`readShellAgain`). */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return readShellAgain(args);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const seo = data
    ? seoLinks({
        origin: data.origin,
        pathname: location.pathname,
        search: location.search,
        locale: data.locale,
        localeTag: data.localeTag,
        hostMarkets: data.hostMarkets,
      })
    : null;
  return (
    <html lang={data?.localeTag ?? "en"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <InlineStylesheet href={stylesheet} />
        <Meta />
        {seo && <link rel="canonical" href={seo.canonical} />}
        {seo?.alternates.map((alternate) => (
          <link
            key={alternate.hrefLang}
            rel="alternate"
            hrefLang={alternate.hrefLang}
            href={alternate.href}
          />
        ))}
        <meta property="og:site_name" content="Pitchside" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {data && (
          <link rel="preload" as="fetch" href={data.messagesUrl} crossOrigin="anonymous" data-messages="" />
        )}
        {data?.errorReporting && (
          <meta name={ERROR_REPORTING_META} content={JSON.stringify(data.errorReporting)} />
        )}
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white text-neutral-900 antialiased">
        <HeartSymbol />
        {children}
        <PageTextScripts />
        <ScrollRestoration nonce={data?.nonce || undefined} />
        <Scripts nonce={data?.nonce || undefined} />
      </body>
    </html>
  );
}

/** The checkout's steps (not its receipt) have their own focused header. */
const inCheckoutSteps = (pathname: string) =>
  pathname.startsWith("/checkout") && !pathname.startsWith("/checkout/receipt");

function Shell({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const visitor = useVisitorShell({
    fromBrowser: data?.personalFromBrowser ?? false,
    loggedIn: Boolean(data?.user),
    bagCount: data?.shell.bagCount ?? 0,
    favouritesCount: data?.shell.favouritesCount ?? 0,
  });
  const messages = useContext(MessagesContext);
  usePlainLinks();
  if (!data) return <>{children}</>;
  return (
    <RawIntlProvider value={sharedIntl(data.localeTag, messages)}>
      <ToastProvider>
        <ConsentProvider initial={data.consent}>
          <CookieBanner />
          <CookieSettingsDialog />
          <TagManager containerId={data.tagManager} />
          <FavouritesProvider loggedIn={visitor.loggedIn}>
            {inCheckoutSteps(location.pathname) ? (
              <CheckoutHeader />
            ) : (
              <SiteHeader
                categories={readJsonText(data.shell.categories)}
                favouritesCount={visitor.favouritesCount}
                bagCount={visitor.bagCount}
                loggedIn={visitor.loggedIn}
              />
            )}
            <main id="main" className="flex-1">
              {children}
            </main>
            <SiteFooter market={data.market.code} locale={data.locale} localeTag={data.localeTag} />
          </FavouritesProvider>
        </ConsentProvider>
      </ToastProvider>
    </RawIntlProvider>
  );
}

/**
 * Marks the page as live (React has taken over the server's HTML, every effect run): the page's
 * loader then does what was tapped and typed before (decision 0090), and browser journeys wait for it.
 * The error boundary's pages (not found, an error) are live too.
 */
function useMarkLive() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

export default function App() {
  useMarkLive();
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useMarkLive();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const data = useRouteLoaderData<typeof loader>("root");
  if (!notFound && !isRouteErrorResponse(error)) console.error(error);
  const body = notFound ? <NotFoundContent /> : <ErrorContent />;
  // Without the root's data (it failed itself) the page still speaks English rather than nothing.
  if (!data)
    return (
      <IntlProvider locale="en" messages={{}} defaultLocale="en">
        <main id="main" className="flex-1">
          {body}
        </main>
      </IntlProvider>
    );
  return <Shell>{body}</Shell>;
}

export function NotFoundContent() {
  const intl = useIntl();
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <title>
        {intl.formatMessage({ id: "meta.notFound.title", defaultMessage: "Page not found – Pitchside" })}
      </title>
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="notFound.title" defaultMessage="Page not found" />
      </h1>
      <p className="mt-3 text-neutral-800">
        <FormattedMessage
          id="notFound.body"
          defaultMessage="The page you are looking for does not exist or has moved."
        />
      </p>
      <form method="get" action="/search/" className="mt-6 flex gap-2">
        <label htmlFor="not-found-search" className="text-sm">
          <FormattedMessage id="notFound.search" defaultMessage="Or search for what you need:" />
        </label>
        <input
          id="not-found-search"
          name="q"
          type="search"
          maxLength={200}
          className="flex-1 rounded border border-neutral-400 px-3 py-1.5"
        />
      </form>
      <Link to="/" className="mt-6 inline-block font-semibold text-pitch-700 underline">
        <FormattedMessage id="notFound.home" defaultMessage="Back to the front page" />
      </Link>
    </div>
  );
}

function ErrorContent() {
  const intl = useIntl();
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <title>{intl.formatMessage({ id: "error.title", defaultMessage: "Something went wrong" })}</title>
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="error.title" defaultMessage="Something went wrong" />
      </h1>
      <p className="mt-3 text-neutral-800">
        <FormattedMessage id="error.body" defaultMessage="Please try again in a moment." />
      </p>
    </div>
  );
}
