import crypto from "node:crypto";
import type { Readable } from "node:stream";
import { promisify } from "node:util";
import zlib from "node:zlib";
import negotiate from "@fastify/accept-negotiator";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { CONSENT_COOKIE, parseConsent } from "#kernel/consent.ts";
import { catalogueRevision } from "#modules/catalog/catalogue-cache.ts";
import { scriptNonceOf } from "./security-headers.ts";

/**
 * The page cache (decision 0051): the whole HTML of the storefront's public pages (home, listings,
 * products, content pages) for anonymous visitors, kept in this process per page address, market,
 * language, consent and catalogue revision, and served again without rendering. Whatever is
 * personal (log-in state, bag and favourites counts, the CSRF token) is left out of such a page and
 * filled in by the browser from `GET /api/shell/`. A kept page is served byte for byte, with the
 * script nonce and policy it was rendered with (the nonce is drawn before the page's content is
 * fixed, and any change to that content is a new render with a new nonce), and compressed once per
 * encoding rather than once per answer.
 */

/** The answer's header that tells whether a page came from the cache: hit, miss or bypass. */
export const PAGE_CACHE_HEADER = "x-page-cache";
/**
 * How long a kept page may be served at all, revision or not: it bounds what no revision moves
 * (a CMS page's scheduled publishing, a promotion's end) and a page rendered while a catalogue change
 * was committing (the revision moves before the commit). A CDN may keep it as long (s-maxage).
 */
export const PAGE_CACHE_SECONDS = 60;
/** A CDN may serve a page this much longer while it asks the shop again. */
const STALE_WHILE_REVALIDATE_SECONDS = 30;
/** How long a visitor waits for someone else's render of the same page before rendering it too. */
const FOLLOW_MS = 10_000;
/** At most this many pages, and this many bytes of HTML, per process. */
const MAX_PAGES = 2000;
const MAX_BYTES = 64 * 1024 * 1024;

export const PUBLIC_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${PAGE_CACHE_SECONDS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;

/** Addresses whose single segment is a page of its own, never a category. */
const NOT_CATEGORIES =
  "search|cart|checkout|account|orders|stock-alerts|customizations|payments|api|v1\\.1|favicon|robots|sitemap";
/**
 * The pages that are the same for every anonymous visitor: home, categories, products, CMS pages,
 * FAQ, privacy, stores, masterclass and reels. Their data requests (`.data`) and anything personal
 * (bag, checkout, account, orders, search history) are not.
 */
const PUBLIC_PAGES = new RegExp(
  `^/(?:|p/[\\w-]+/?|pages/[\\w-]+/?|faq/?|policies/privacy/?|stores/?|masterclass/?|reels/?|reels/[\\w-]+/?|(?!(?:${NOT_CATEGORIES})(?:/|$))[\\w-]+/?)$`,
);

/** The route of the storefront's page handler, as against its files. */
const PAGE_ROUTE = "*";

/** The encodings a kept page is compressed to, the browser's choice first (as @fastify/compress). */
const ENCODINGS = ["br", "gzip"] as const;
type Encoding = (typeof ENCODINGS)[number];
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/**
 * Compressed once per kept page, on libuv's thread pool: brotli at quality 5 (most of quality 11's
 * gain on HTML for a small share of its CPU) and gzip's default level.
 */
const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzip(body),
};

interface Entry {
  revision: string;
  /** The page as rendered, nonce and all. */
  body: Buffer;
  /** The body compressed per encoding, made when first asked for. */
  encoded: Map<Encoding, Promise<Buffer>>;
  contentType: string;
  etag: string;
  /** The Content-Security-Policy the page was rendered under: it names the page's script nonce. */
  policy: string | null;
}

interface PageCacheState {
  key: string;
  revision: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set when the page is kept in (or may be stored to) the page cache: its key and revision. */
    pageCache: PageCacheState | null;
  }
}

/** Whether the page is for an anonymous visitor and may be cached: the browser fills in the personal bits. */
export function isCacheablePage(request: FastifyRequest): boolean {
  return request.pageCache !== null;
}

/**
 * A request the cache may answer: a GET or HEAD of a public page by a visitor with no live session
 * (so no bag, favourites or log-in) who is not previewing unpublished content.
 */
export function anonymousPublicPage(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (request.user !== null || request.sessionId !== null || request.preview) return false;
  if (request.headers.authorization) return false;
  const query = request.url.indexOf("?");
  return PUBLIC_PAGES.test(query === -1 ? request.url : request.url.slice(0, query));
}

/**
 * What the page depends on besides its address: the market and language (from the host or the
 * visitor's cookies), the host (the page's own links are built on it) and the consent answer (what
 * the page may embed, the banner).
 */
function keyOf(request: FastifyRequest): string {
  const consent = parseConsent(request.cookies[CONSENT_COOKIE]);
  const answered = consent.decided
    ? `${consent.decidedOn}:${consent.statistics ? "s" : ""}${consent.marketing ? "m" : ""}`
    : "-";
  return `${request.headers.host ?? ""}|${request.market.code}|${request.locale}|${answered}|${request.url}`;
}

/** `If-None-Match` names the entry's tag (or is `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const weak = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = weak(etag);
  return header.split(",").some((tag) => weak(tag) === wanted);
}

function publicHeaders(reply: FastifyReply, etag: string) {
  reply.header("cache-control", PUBLIC_PAGE_CACHE_CONTROL);
  reply.header("etag", etag);
  reply.header("vary", "Cookie, Accept-Encoding");
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/** Resolves when `promise` does, or after `ms` at the latest. */
function waitAtMost(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]).finally(
    () => clearTimeout(timer),
  );
}

/** The compressed body in `encoding`, compressed on first use and kept with the entry. */
function encodedBody(entry: Entry, encoding: Encoding): Promise<Buffer> {
  let body = entry.encoded.get(encoding);
  if (!body) {
    body = compressors[encoding](entry.body);
    entry.encoded.set(encoding, body);
    // A failed compression is tried again by the next answer (this one goes out uncompressed).
    body.catch(() => entry.encoded.delete(encoding));
  }
  return body;
}

/** Answers from the cache: the stored page as it was rendered, or 304 when the browser has it. */
function serveHit(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
  reply.header(PAGE_CACHE_HEADER, "hit");
  publicHeaders(reply, entry.etag);
  // The policy the page was rendered under, whose nonce is the one in its scripts.
  if (entry.policy) reply.header("content-security-policy", entry.policy);
  // No cookie goes with a cached page, so every hit is an answer any cache (a CDN's) may keep: the
  // visitor's CSRF token comes with the header's `GET /api/shell/` once the page is live, or from
  // `GET /api/csrf/` when a call needs it first (decision 0076).
  if (matches(request.headers["if-none-match"], entry.etag)) {
    reply.code(304).send();
    return;
  }
  reply.code(200).type(entry.contentType);
  const accepted = request.headers["accept-encoding"];
  const encoding = accepted ? (negotiate(accepted, [...ENCODINGS]) as Encoding | null) : null;
  if (!encoding || request.method === "HEAD") return reply.send(entry.body);
  encodedBody(entry, encoding).then(
    (body) => reply.header("content-encoding", encoding).send(body),
    // Uncompressed rather than not at all; @fastify/compress may still try.
    () => reply.send(entry.body),
  );
}

/**
 * Registers the cache on the pages' scope, after the security headers (whose hook draws the
 * request's script nonce) and before the pages' handler. Off (PAGE_CACHE=off), pages are rendered
 * for everyone as before, with the personal bits in the HTML.
 */
export function registerPageCache(scope: FastifyInstance) {
  scope.decorateRequest("pageCache", null);
  if (!scope.config.pageCache) return;
  const { db } = scope.database;
  const pages = new LRUCache<string, Entry>({
    max: MAX_PAGES,
    maxSize: MAX_BYTES,
    // The compressed copies are a fraction of the page: counted as about a third more.
    sizeCalculation: (entry) => Math.max(1, Math.ceil(entry.body.length * 1.35)),
    ttl: PAGE_CACHE_SECONDS * 1000,
  });
  /** Pages being rendered for the cache right now, by key. */
  const rendering = new Map<string, { revision: string; finished: Promise<void> }>();

  scope.addHook("onRequest", (request, reply, done) => {
    // The build's files (assets, robots.txt) have routes of their own and headers of their own.
    if (request.routeOptions.url !== PAGE_ROUTE) return done();
    if (!anonymousPublicPage(request)) {
      reply.header(PAGE_CACHE_HEADER, "bypass");
      return done();
    }
    const key = keyOf(request);
    catalogueRevision(db).then(
      (revision) => {
        request.pageCache = { key, revision };
        const entry = pages.get(key);
        if (entry && entry.revision === revision) return serveHit(request, reply, entry);
        // Visitors asking for a page while it is being rendered wait for that render (a burst on a
        // new or changed page renders it once), but never longer than a render may take.
        const under = rendering.get(key);
        if (under && under.revision === revision) {
          waitAtMost(under.finished, FOLLOW_MS).then(() => {
            const stored = pages.get(key);
            if (stored && stored.revision === revision) return serveHit(request, reply, stored);
            reply.header(PAGE_CACHE_HEADER, "miss");
            done();
          });
          return;
        }
        let finish = () => {};
        const render = { revision, finished: new Promise<void>((resolve) => (finish = resolve)) };
        rendering.set(key, render);
        // Stored (or not) once the answer is sent or dropped: those waiting look again.
        reply.raw.once("close", () => {
          if (rendering.get(key) === render) rendering.delete(key);
          finish();
        });
        reply.header(PAGE_CACHE_HEADER, "miss");
        done();
      },
      (error) => {
        // Without the revision nothing may be served from the cache or stored: the page is rendered.
        request.log.warn({ err: error }, "page cache: catalogue revision unreadable");
        reply.header(PAGE_CACHE_HEADER, "bypass");
        done();
      },
    );
  });

  scope.addHook("onSend", (request, reply, payload, done) => {
    const state = request.pageCache;
    if (!state || request.method !== "GET" || reply.statusCode !== 200) return done(null, payload);
    if (reply.getHeader(PAGE_CACHE_HEADER) !== "miss") return done(null, payload);
    const contentType = String(reply.getHeader("content-type") ?? "");
    const nonce = scriptNonceOf(reply);
    if (!contentType.startsWith("text/html") || !nonce) return done(null, payload);
    // A page whole when it was sent comes as bytes; one still streaming, as a stream.
    const body = Buffer.isBuffer(payload)
      ? Promise.resolve(payload)
      : typeof payload === "string"
        ? Promise.resolve(Buffer.from(payload))
        : payload && typeof (payload as Readable).pipe === "function"
          ? readAll(payload as Readable)
          : null;
    if (!body) return done(null, payload);
    body.then(
      (bytes) => {
        // A view over a larger buffer (the page's own bytes) is copied: the cache's bound counts
        // what it keeps.
        const stored = bytes.byteLength === bytes.buffer.byteLength ? bytes : Buffer.from(bytes);
        const etag = `W/"${crypto.createHash("sha256").update(stored).digest("base64url").slice(0, 27)}"`;
        // Helmet puts the policy on the raw answer.
        const policy =
          reply.getHeader("content-security-policy") ?? reply.raw.getHeader("content-security-policy");
        pages.set(state.key, {
          revision: state.revision,
          body: stored,
          encoded: new Map(),
          contentType,
          etag,
          policy: typeof policy === "string" ? policy : null,
        });
        // Cookies handed out with this answer (a first session, a CSRF token) make it private
        // (private-answers.ts ran before); otherwise a CDN may keep it as this process does.
        if (!String(reply.getHeader("cache-control") ?? "").includes("private")) publicHeaders(reply, etag);
        else reply.header("etag", etag);
        done(null, stored);
      },
      (error) => done(error as Error),
    );
  });
}
