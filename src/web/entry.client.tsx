import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { MESSAGES_LINK_SELECTOR, MessagesContext } from "./i18n/messages-context.ts";
import { errorReportingSettings } from "./lib/error-reporting.ts";
import { NO_TAKEOVER_EVENT } from "./lib/no-takeover.ts";

// React Router's own client entry, plus browser error reporting when the page asks for it: only then
// is Sentry's chunk fetched (decision 0026).
const reporting = errorReportingSettings(document);
if (reporting)
  import("./lib/error-reporting.client.ts")
    .then((module) => module.startErrorReporting(reporting))
    .catch(() => {});

/**
 * The page's interface texts, from the hashed file its head links and preloads (decision 0050): the
 * server rendered with the same texts, so the page is taken over only once they are here. One retry;
 * should both fail, the server's page stays as it is (its links and forms still work) rather than
 * being redrawn without its texts.
 */
async function loadMessages(): Promise<Record<string, string> | null> {
  const link = document.querySelector<HTMLLinkElement>(MESSAGES_LINK_SELECTOR);
  if (!link) return {};
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const response = await fetch(link.href, { credentials: "same-origin" });
      if (response.ok) return (await response.json()) as Record<string, string>;
    } catch {
      // a dropped connection: tried once more
    }
  }
  return null;
}

/**
 * The next frame after the server's page has been painted: taking the page over (a long task on a
 * phone) waits for it, so the shopper sees the page first and the takeover does not hold up its
 * first paint.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * A page's first number format makes the browser load its locale data (decision 0074): tens of ms on a
 * phone, in one piece. Started while the texts are on their way, it is done by the time the page is
 * taken over, which would otherwise wait for it in the middle (react-intl checks the language's
 * number formats as it starts). Its own task, so it holds up nothing else.
 */
setTimeout(() => {
  try {
    new Intl.NumberFormat(document.documentElement.lang || undefined).format(0);
  } catch {
    // an unknown language tag: the takeover reports it as it always has
  }
}, 0);

const [messages] = await Promise.all([loadMessages(), afterFirstPaint()]);
if (messages)
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <MessagesContext value={messages}>
          <HydratedRouter />
        </MessagesContext>
      </StrictMode>,
    );
  });
else {
  console.error("The page's interface texts could not be loaded; the page is not made interactive.");
  // The page's loader stops keeping taps for a takeover that will not come (decision 0090).
  window.dispatchEvent(new Event(NO_TAKEOVER_EVENT));
}
