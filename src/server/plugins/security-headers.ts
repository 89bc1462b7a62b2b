import crypto from "node:crypto";
import type { ServerResponse } from "node:http";
import fastifyHelmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import type { KlarnaConfig } from "#modules/payments/klarna/klarna-api.ts";
import { distinctConfigs } from "#modules/payments/market-config.ts";
import type { AppConfig } from "../config.ts";
import type { RequestSteps } from "../request-steps.ts";

/**
 * Security headers. Pages get a CSP with a per-request script nonce (React Router's inline
 * hydration scripts carry it); API answers get the same policy without nonces, whose headers are
 * computed once, so a JSON call pays almost nothing for them.
 */
export async function registerSecurityHeaders(
  scope: FastifyInstance,
  config: AppConfig,
  { pages, dev }: { pages: boolean; dev: boolean },
) {
  // Only scripts carry the nonce: a nonce in style-src would switch off 'unsafe-inline', which the
  // style attributes of Radix and Embla need. The policy is worked out once with a stand-in, which each
  // page's answer replaces with its own nonce.
  const scriptNonce = `'nonce-${NONCE_STAND_IN}'`;
  // The tag manager's origins, only when a container is configured (its script still waits for the
  // shopper's statistics consent, decision 0045).
  const tagManager = config.gtmContainerId ? TAG_MANAGER_ORIGINS : { script: [], connect: [] };
  // Adyen's card fields (iframes) and their API, only when Adyen takes the cards (decision 0057) in
  // at least one market: one policy for the whole shop, the union of every market's (decision 0059).
  const adyen = unique(
    distinctConfigs(config.adyenMarkets).flatMap((adyen) => adyenOrigins(adyen.environment)),
  );
  // Klarna's Payments widget (its library, frames and calls), only when Klarna pays later (decision 0056).
  const klarnaConfigs = distinctConfigs(config.klarnaMarkets);
  const klarna = {
    script: unique(klarnaConfigs.flatMap((klarna) => klarnaOrigins(klarna).script)),
    style: unique(klarnaConfigs.flatMap((klarna) => klarnaOrigins(klarna).style)),
    font: unique(klarnaConfigs.flatMap((klarna) => klarnaOrigins(klarna).font)),
    connect: unique(klarnaConfigs.flatMap((klarna) => klarnaOrigins(klarna).connect)),
    frame: unique(klarnaConfigs.flatMap((klarna) => klarnaOrigins(klarna).frame)),
  };
  const options: FastifyHelmetOptions = {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Development: Vite's client and React Refresh inject inline scripts and open a websocket.
        scriptSrc: dev
          ? ["'self'", "'unsafe-inline'", "'unsafe-eval'", ...klarna.script]
          : pages
            ? ["'self'", scriptNonce, ...tagManager.script, ...adyen, ...klarna.script]
            : ["'self'", ...tagManager.script, ...adyen, ...klarna.script],
        styleSrc: ["'self'", "'unsafe-inline'", ...klarna.style],
        // Fonts are the shop's own; Klarna's widget brings its own.
        ...(klarna.font.length ? { fontSrc: ["'self'", ...klarna.font] } : {}),
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        mediaSrc: ["'self'", "https:", "blob:"],
        connectSrc: [
          "'self'",
          ...(dev ? ["ws:", "wss:"] : []),
          // Browser error reports go to the DSN's host (decision 0026).
          ...(config.sentryBrowserDsn ? [new URL(config.sentryBrowserDsn).origin] : []),
          ...tagManager.connect,
          ...adyen,
          ...klarna.connect,
        ],
        frameSrc: [
          "'self'",
          "https://www.youtube-nocookie.com",
          "https://www.youtube.com",
          "https://www.tiktok.com",
          "https://www.instagram.com",
          "https://player.vimeo.com",
          ...adyen,
          ...klarna.frame,
        ],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Klarna's purchase flow may open a window of its own that must keep talking to the widget:
    // helmet's default `same-origin` would cut it off (Klarna's browser security configuration).
    crossOriginOpenerPolicy: {
      policy: klarnaConfigs.length > 0 ? "same-origin-allow-popups" : "same-origin",
    },
    crossOriginEmbedderPolicy: false,
  };
  const headers = await helmetHeaders(options);
  if (pages) {
    // helmet's Fastify plugin would build its whole middleware again for every answer (parsing each
    // directive); the page's policy differs from one answer to the next by its nonce alone.
    const policy = (headers["content-security-policy"] ?? "").split(NONCE_STAND_IN);
    scope.addHook("onRequest", (_request, reply, done) => {
      const nonce = crypto.randomBytes(16).toString("base64url");
      (reply.raw as NonceResponse).scriptNonce = nonce;
      reply.headers(headers);
      if (policy.length > 1) reply.header("content-security-policy", policy.join(nonce));
      done();
    });
    return;
  }
  scope.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

const unique = (values: string[]) => [...new Set(values)];

/** Where a page's nonce goes in its policy, worked out once (letters only, as a nonce's own are). */
const NONCE_STAND_IN = "PitchsideNonceStandIn";

/** Where Adyen's Drop-in loads its secured card fields and 3-D Secure from. */
export const adyenOrigins = (environment: "test" | "live") =>
  environment === "live"
    ? [
        "https://checkoutshopper-live.adyen.com",
        "https://checkoutshopper-live-us.adyen.com",
        "https://checkoutshopper-live-au.adyen.com",
        "https://checkoutshopper-live-apse.adyen.com",
      ]
    : ["https://checkoutshopper-test.adyen.com"];

/**
 * What Klarna's Payments widget needs, as Klarna's browser security configuration lists it: its
 * library (x.klarnacdn.net) and the environment's scripts, its frames and calls on *.klarna.com, its
 * event collector (*.klarnaevt.com). A library from another address (KLARNA_SCRIPT_URL: the browser
 * tests' local fake) adds that origin for scripts, styles, calls and frames.
 */
export function klarnaOrigins(config: Pick<KlarnaConfig, "environment" | "scriptUrl">) {
  const cdn = "https://x.klarnacdn.net";
  const own = new URL(config.scriptUrl).origin;
  const extra = own === cdn ? [] : [own];
  const scripts =
    config.environment === "live"
      ? ["https://js.klarna.com"]
      : ["https://js.klarna.com", "https://js.playground.klarna.com"];
  return {
    script: [cdn, ...scripts, ...extra],
    style: [cdn, ...extra],
    font: [cdn],
    connect: ["https://*.klarna.com", "https://*.klarnaevt.com", cdn, ...extra],
    frame: ["https://*.klarna.com", cdn, ...extra],
  };
}

/** Where Google Tag Manager's script comes from and where its analytics tags send their hits. */
export const TAG_MANAGER_ORIGINS = {
  script: ["https://www.googletagmanager.com"],
  connect: [
    "https://www.googletagmanager.com",
    "https://www.google-analytics.com",
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
  ],
};

/**
 * Browser features the shop never uses are off for its pages and every frame they embed: the
 * drop-point map searches by post code, not by the visitor's location. Payment stays with the
 * shop's own pages. The video embeds' features (autoplay, encrypted media, picture-in-picture,
 * fullscreen) keep their defaults.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=(self)",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/**
 * `Permissions-Policy` on every answer a browser may show as a document (pages, pictures, SVG,
 * files, the API docs), refusals and unknown addresses included: a step of the root's, so every
 * route and the 404 handler have it. A JSON answer goes without (decision 0094): it is data, never a
 * document that embeds or scripts anything, so the policy does nothing there, and its 230 bytes were
 * a measurable share of a short call's cost.
 */
export function registerPermissionsPolicy(steps: RequestSteps) {
  steps.onAnswer(function permissionsPolicy(_request, reply) {
    if (!isJsonAnswer(reply.getHeader("content-type")))
      reply.header("permissions-policy", PERMISSIONS_POLICY);
  });
}

/** A JSON answer (`application/json`, or a `+json` type such as `application/problem+json`). */
export function isJsonAnswer(contentType: unknown): boolean {
  if (typeof contentType !== "string") return false;
  // Fastify's own type for JSON, on almost every call: told without making a string.
  if (contentType.startsWith("application/json")) {
    const next = contentType.charCodeAt(16);
    return Number.isNaN(next) || next === 0x3b /* ; */ || next === 0x20;
  }
  const type = contentType.split(";", 1)[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/**
 * The exact headers helmet sets for these options, read once from a throw-away instance: they are the
 * same for every answer (a page's nonce apart), so they need not be computed per request.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, options);
  probe.get("/", async () => "");
  const response = await probe.inject({ method: "GET", url: "/" });
  await probe.close();
  const own = new Set(["content-type", "content-length", "date", "connection", "keep-alive"]);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (!own.has(name) && value !== undefined) headers[name] = String(value);
  }
  return headers;
}

interface NonceResponse extends ServerResponse {
  scriptNonce?: string;
}

/** The script nonce of this page's answer, for React Router's inline scripts. */
export function scriptNonceOf(reply: FastifyReply): string {
  return (reply.raw as NonceResponse).scriptNonce ?? "";
}
