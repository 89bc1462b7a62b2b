import { IntlProvider } from "react-intl";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { LOCALE_TAGS } from "#modules/markets/markets.service.ts";
import { shopContext } from "#server/request-context.ts";
import type { Route } from "./+types/root.ts";
import "./app.css";
import { messagesFor } from "./i18n/messages.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  return {
    locale: shop.locale,
    localeTag: LOCALE_TAGS[shop.locale],
    messages: messagesFor(shop.locale),
    market: { code: shop.market.code, currency: shop.market.currency },
    user: shop.user ? { name: shop.user.name, email: shop.user.email } : null,
    csrfToken: shop.csrfToken,
    nonce: shop.cspNonce,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang={data?.localeTag ?? "en"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-neutral-900 antialiased">
        {children}
        <ScrollRestoration nonce={data?.nonce || undefined} />
        <Scripts nonce={data?.nonce || undefined} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <IntlProvider locale={loaderData.localeTag} messages={loaderData.messages} defaultLocale="en">
      <Outlet />
    </IntlProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-bold">{status === 404 ? "Page not found" : "Something went wrong"}</h1>
    </main>
  );
}
