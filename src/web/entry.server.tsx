import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { shopContext } from "#server/request-context.ts";
import { cardMarkup } from "#web/components/card-markup.server.tsx";
import { CardMarkupContext } from "#web/components/card-markup.tsx";
import { keptMarkup } from "#web/components/kept-markup.server.tsx";
import { KeptMarkupContext } from "#web/components/kept-markup.tsx";
import { InlinedStylesheets } from "#web/lib/inline-stylesheet.server.ts";
import { StylesheetTextContext } from "#web/lib/inline-stylesheet.tsx";
import { PageStream } from "#web/lib/page-stream.server.ts";
import { PageTextsContext } from "#web/lib/page-texts.tsx";
import { messagesFor } from "./i18n/messages.server.ts";
import { MessagesContext } from "./i18n/messages-context.ts";

export const streamTimeout = 5_000;

/** The page's stylesheet: React writes a placeholder, the page stream puts in its bytes (0086). */
const stylesheets = new InlinedStylesheets();

/**
 * An unexpected error of a page's loader, action or render: logged as React Router does by default,
 * and reported (Sentry, when configured). A refusal thrown as a response (404, 403) is not one, nor
 * is a request the visitor gave up on.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  console.error(error);
  (context as RouterContextProvider).get(shopContext).reportError(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const shop = loadContext.get(shopContext);
  // The CSP allows only scripts carrying this request's nonce.
  const nonce = shop.cspNonce || undefined;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      // The texts are rendered straight from the process's catalogue; the browser loads them from
      // their own file (root.tsx links it), so they are not serialised into the page.
      <StylesheetTextContext value={stylesheets.placeholder}>
        <MessagesContext value={messagesFor(shop.locale)}>
          <CardMarkupContext value={cardMarkup}>
            <KeptMarkupContext value={keptMarkup}>
              <PageTextsContext value={shop.pageTexts}>
                <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
              </PageTextsContext>
            </KeptMarkupContext>
          </CardMarkupContext>
        </MessagesContext>
      </StylesheetTextContext>,
      {
        nonce,
        // A part of the page that is ready with the rest is written in its place (decision 0079). By
        // default React moves any such part past the page's first 12,800 bytes to the page's end,
        // hidden, and a script of its own shows it later, a frame at a time: the shop's pages pass
        // that early (the head alone carries the stylesheet), so the reviews and other later parts
        // arrived hidden and were moved into place in the browser after the first paint. A page is
        // sent whole when it is ready (decision 0068), so writing them in place delays nothing.
        // (A gigabyte rather than Infinity, which React's resumable state would write as null.)
        progressiveChunkSize: 2 ** 30,
        [readyOption]() {
          shellRendered = true;
          // The page's scripts are fetched after its first paint (decision 0090; where that cannot be
          // done, its module preloads go at low priority, 0079).
          const body = new PageStream(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          }, stylesheets.fill);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // React takes the page stream as its destination (it is not a Node stream, decision 0092).
          pipe(body as unknown as NodeJS.WritableStream);
          resolve(
            new Response(body.readable, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // A render stopped because the visitor went away is not an error of the page.
          if (shellRendered && !request.signal.aborted) console.error(error);
        },
      },
    );
    // A visitor who went away stops the render: the pages' handler aborts the request's signal when
    // the connection closes before the answer is sent (a render already done is left as it is).
    if (request.signal.aborted) abort();
    else request.signal.addEventListener("abort", () => abort(), { once: true });
  });
}
