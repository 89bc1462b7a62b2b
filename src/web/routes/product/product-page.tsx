import { lazy, Suspense, useEffect, useMemo, useReducer, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { data, useLocation } from "react-router";
import { dayRange } from "#kernel/day-range.ts";
import type { PageTexts } from "#kernel/page-texts.ts";
import { searchIdOf } from "#kernel/search-id.ts";
import { modelName, productTitle } from "#modules/catalog/product-name.ts";
import type { StockEntry } from "#modules/product/product.contract.ts";
import { recordSearchOpened } from "#modules/search/search-analytics.service.ts";
import { shopContext } from "#server/request-context.ts";
import { FavouriteToggle } from "#web/components/favourite-toggle.tsx";
import { ApiRequestError, call } from "#web/lib/api.ts";
import { jsonForScript, keptJsonText, readJsonText } from "#web/lib/json-text.ts";
import { lazySection } from "#web/lib/lazy-section.tsx";
import { moneyFormat } from "#web/lib/money.ts";
import { plainLink } from "#web/lib/plain-links.ts";
import { labelText } from "#web/lib/product-labels.ts";
import { useSizeLabel } from "#web/lib/sizes.ts";
import { supplierName } from "#web/lib/suppliers.ts";
import { track, trackItem } from "#web/lib/tracking.ts";
import { Disclosure } from "#web/ui/disclosure.tsx";
import { Truck } from "#web/ui/icons.tsx";
import type { Route } from "./+types/product-page.ts";
import { bagButtonAction, drawerReducer, initialDrawer } from "./add-to-bag-machine.ts";
import { InStoreSheet } from "./in-store-sheet.tsx";
import { loadProductPage } from "./product.server.ts";
import { ProductGallery } from "./product-gallery.tsx";
import { type ProductPageData, type ProductView, productPageOf } from "./product-view.ts";
import { useRecentlySeen } from "./recently-seen.ts";
import { SizeGrid } from "./size-grid.tsx";
import { SizeGuideButton } from "./size-guide.tsx";
import { Stars } from "./stars.tsx";
import { useAddToBag } from "./use-add-to-bag.ts";

// The add-to-bag drawer's code arrives when the shopper first opens it (the bag button), not with
// the page: until then it draws nothing.
const AddToBagDrawer = lazy(() =>
  import("./add-to-bag-drawer.tsx").then((module) => ({ default: module.AddToBagDrawer })),
);

// Only sold-out products show the alert form; its form library loads with it.
const BackInStockForm = lazySection(() =>
  import("./back-in-stock-form.tsx").then((module) => ({ default: module.BackInStockForm })),
);

// The page's first view needs its gallery, price, sizes and bag button; the rest of the page loads
// its code after them (decision 0052): the reviews, the media players, the sliders and the content
// widgets. (The store sheet's button, beside the sizes, comes with the page: it is in the first view,
// where a tap should not wait for later code (decisions 0077, 0078); its dialog still loads on the
// first opening.) Those the server renders keep their HTML until their code arrives: each
// is a memoised boundary of its own (lazySection), its props stable across the page's re-renders.
const ProductReviews = lazySection(() =>
  import("./product-reviews.tsx").then((module) => ({ default: module.ProductReviews })),
);
const CombineOffers = lazySection(() =>
  import("./combine-offers.tsx").then((module) => ({ default: module.CombineOffers })),
);
const Spin360 = lazySection(() =>
  import("./product-media.tsx").then((module) => ({ default: module.Spin360 })),
);
const ProductVideo = lazySection(() =>
  import("./product-media.tsx").then((module) => ({ default: module.ProductVideo })),
);
const ShopTheLookSection = lazySection(() =>
  import("./product-media.tsx").then((module) => ({ default: module.ShopTheLookSection })),
);
const SocialGallery = lazySection(() =>
  import("./product-media.tsx").then((module) => ({ default: module.SocialGallery })),
);
const SubReelCircles = lazySection(() =>
  import("./content-widgets.tsx").then((module) => ({ default: module.SubReelCircles })),
);
const RelatedGuides = lazySection(() =>
  import("./content-widgets.tsx").then((module) => ({ default: module.RelatedGuides })),
);
const ProductSlider = lazySection(() =>
  import("#web/components/product-slider.tsx").then((module) => ({ default: module.ProductSlider })),
);
const RelatedProducts = lazySection(() => import("./related-products.tsx"));

/** The sticky bag bar shows on small screens once the page has scrolled this far. */
export const STICKY_BAR_FROM_PX = 750;
/** The product-view event waits this long, so that a quick bounce is not counted. */
export const VIEW_EVENT_DELAY_MS = 3000;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const page = await loadProductPage(shop, params.slug);
  // Opened from a search's results: counted for the operator's search report.
  const searchId = searchIdOf(new URL(request.url).searchParams.get("sid"));
  if (searchId !== null) await recordSearchOpened(shop.database.db, searchId);
  return pageData(page, shop.pageTexts, shop.cspNonce);
}

/**
 * A navigation in the storefront asks the shop's call for the page's data, not React Router's page
 * data (decision 0102): the same answer the loader reads, shaped the same way. A product that is gone
 * is the page's 404, as it is for a document.
 */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const searchId = searchIdOf(new URL(request.url).searchParams.get("sid"));
  const answer = await call("GET /api/product-page/:slug/", {
    params: { slug: params.slug },
    query: { sid: searchId === null ? undefined : String(searchId) },
    signal: request.signal,
  }).catch((error: unknown) => {
    if (error instanceof ApiRequestError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  });
  // Its structured data links on the shop's configured address, as the document's does: the one its
  // canonical link is on. Its script needs no nonce: it is data, not run.
  return pageData(productPageOf(answer, configuredOrigin()), null, "");
}

/** The shop's configured address the page was served for (the root writes its canonical link on it). */
function configuredOrigin(): string {
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  return canonical ? new URL(canonical).origin : window.location.origin;
}

/**
 * The page's data as React Router carries it: the product, most of it, as one JSON text (decision
 * 0072), made once per kept product (the view is the same object while its detail is kept); so does
 * the flagship store's sheet, and the structured data goes as its script's text (decision 0093).
 */
function pageData(page: ProductPageData, texts: PageTexts | null, nonce: string) {
  return {
    ...page,
    product: keptJsonText(page.product, texts),
    flagship: page.flagship && keptJsonText(page.flagship, texts),
    jsonLd: jsonForScript(page.jsonLd),
    nonce,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Pitchside" }];
  const product = readJsonText(loaderData.product);
  const title = productTitle(product.brand, product.name);
  return [
    { title: `${title} – Pitchside` },
    { name: "description", content: product.description.slice(0, 160) },
    { property: "og:title", content: title },
    { property: "og:image", content: product.images[0]?.src ?? "" },
  ];
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const product = readJsonText(loaderData.product);
  const { loggedIn, jsonLd, nonce, videoAllowed, statisticsConsent, reviews, reviewState, flagship } =
    loaderData;
  const intl = useIntl();
  const location = useLocation();
  const [drawer, dispatch] = useReducer(drawerReducer, initialDrawer);
  const bag = useAddToBag(product, dispatch);
  // Once opened the drawer stays mounted, so it closes with its animation and reopens at once.
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (drawer.step !== "none" && !drawerWanted) setDrawerWanted(true);
  // The size chosen on the page; the drawer starts from it, and a size chosen there comes back here.
  const [chosenSize, setChosenSize] = useState<number | null>(null);
  const [prefetched, setPrefetched] = useState(false);
  const recentlySeen = useRecentlySeen(product.id);
  // The shared formatter of the language and currency (the cards' own), not react-intl's lookup by options.
  const price = moneyFormat(intl.locale, product.prices.currency);
  const money = (amount: number) => price.format(amount);
  const discounted = product.prices.min_price < product.prices.recommended_retail_price;
  const membersOnlyLocked = product.is_exclusive && !loggedIn;
  // One array per product, so the gallery's section is not drawn again on every re-render.
  const socialSlugs = useMemo(
    () => [product.category.slug, ...(product.category.parent_slug ? [product.category.parent_slug] : [])],
    [product.category.slug, product.category.parent_slug],
  );

  useEffect(() => {
    const timer = setTimeout(
      () => track({ event: "view_item", ecommerce: trackItem(product) }),
      VIEW_EVENT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [product]);

  const sizesOnPage = !product.is_package && bagButtonAction(product).kind === "sizes";
  const chosen = product.stock.find((size) => size.size_id === chosenSize && size.stock_info > 0);
  useEffect(() => {
    if (drawer.step === "sizes" && drawer.sizeId !== null) setChosenSize(drawer.sizeId);
  }, [drawer.step, drawer.sizeId]);

  // A one-size product, or a size chosen on the page, goes straight in and the drawer shows what
  // was added; a print or a package is chosen in the drawer.
  const openBag = () => {
    const action = bagButtonAction(product);
    if (action.kind === "direct") {
      void bag.addSize(action.sizeId, product.stock[0]?.name ?? null, null);
    } else if (action.kind === "sizes" && chosen && !product.is_customizable) {
      void bag.addSize(chosen.size_id, chosen.name, null);
    } else {
      dispatch({ type: "open", kind: action.kind });
      if (action.kind === "sizes" && chosen) dispatch({ type: "selectSize", sizeId: chosen.size_id });
    }
  };
  // Stock is fetched again when the shopper reaches for the bag button, so the drawer opens on it.
  const prefetchAvailability = () => {
    if (prefetched) return;
    setPrefetched(true);
    void call("GET /api/availability/:id/", { params: { id: product.id } }).catch(() => undefined);
  };

  const bagButton = membersOnlyLocked ? (
    <a
      {...plainLink(`/account/login/?next=${encodeURIComponent(location.pathname)}`)}
      className="block rounded-full bg-neutral-900 px-5 py-3 text-center font-semibold text-white"
    >
      <FormattedMessage id="product.membersOnly" />
    </a>
  ) : (
    <button
      type="button"
      onClick={openBag}
      onPointerEnter={prefetchAvailability}
      onFocus={prefetchAvailability}
      disabled={bag.busy}
      aria-describedby={sizesOnPage && chosen ? "chosen-size" : undefined}
      data-testid="add-to-bag"
      className="w-full rounded-full bg-neutral-900 px-5 py-3 font-semibold text-white disabled:opacity-60"
    >
      <FormattedMessage id="product.addToBag" />
    </button>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <script
        type="application/ld+json"
        nonce={nonce || undefined}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD built by the server, "<" escaped
        dangerouslySetInnerHTML={{ __html: jsonLd }}
      />
      <nav aria-label={intl.formatMessage({ id: "listing.breadcrumb" })} className="mb-4 text-sm">
        <ol className="flex flex-wrap gap-1 text-neutral-700">
          <li>
            <a {...plainLink("/")} className="underline">
              <FormattedMessage id="shell.home" />
            </a>
            <span aria-hidden="true"> / </span>
          </li>
          <li>
            <a {...plainLink(product.category.url)} className="underline">
              {product.category.title}
            </a>
          </li>
        </ol>
      </nav>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="flex flex-col gap-3">
          <ProductGallery images={product.images} name={productTitle(product.brand, product.name)} />
          <div className="flex flex-wrap gap-2">
            {product.has_360 && product.images.length > 1 && (
              <Spin360 images={product.images} name={product.name} />
            )}
            {product.video_id && videoAllowed && (
              <ProductVideo videoId={product.video_id} name={product.name} />
            )}
          </div>
        </div>
        <div className="flex flex-col gap-4">
          <div>
            {product.labels.length > 0 && (
              <ul className="mb-2 flex gap-2">
                {product.labels.map((label) => (
                  <li key={label} className="rounded bg-neutral-100 px-2 py-0.5 text-xs font-bold">
                    {labelText(intl, label)}
                  </li>
                ))}
              </ul>
            )}
            <h1 className="text-2xl font-bold">
              <span className="block text-base font-semibold text-neutral-700">{product.brand}</span>{" "}
              {modelName(product.brand, product.name)}
            </h1>
            <p className="text-sm text-neutral-700">
              <FormattedMessage id="product.style" values={{ style: product.style }} />
            </p>
            {reviews && reviews.summary.average !== null && (
              <a
                href="#reviews"
                className="mt-1 inline-flex min-h-6 items-center gap-2 text-sm"
                data-testid="rating-link"
              >
                <Stars value={reviews.summary.average} />
                <FormattedMessage id="reviews.count.link" values={{ count: reviews.summary.count }} />
              </a>
            )}
          </div>

          {!product.sold_out && (
            <div data-testid="product-price">
              <p className="flex items-baseline gap-3">
                <span className={`text-2xl font-bold ${discounted ? "text-red-700" : ""}`}>
                  {money(product.prices.min_price)}
                </span>
                {discounted && (
                  <s className="text-neutral-700">
                    <span className="sr-only">{intl.formatMessage({ id: "card.rrp" }, { price: "" })}</span>
                    {money(product.prices.recommended_retail_price)}
                  </s>
                )}
              </p>
              {discounted && product.prices.lowest_price_30_days !== null && (
                <p className="text-sm text-neutral-700">
                  <FormattedMessage
                    id="card.lowest30"
                    values={{ price: money(product.prices.lowest_price_30_days) }}
                  />
                </p>
              )}
            </div>
          )}

          {product.colour_variants.length > 0 && (
            <section aria-labelledby="colours">
              <h2 id="colours" className="mb-2 text-sm font-semibold">
                <FormattedMessage id="product.colours" />
              </h2>
              <ul className="flex flex-wrap gap-2">
                {product.colour_variants.map((variant) => (
                  <li key={variant.product_id}>
                    <a
                      {...plainLink(variant.relative_url)}
                      className="block size-16 overflow-hidden rounded border border-neutral-300"
                      title={variant.colour}
                    >
                      <img
                        src={variant.image}
                        alt={`${variant.name} – ${variant.colour}`}
                        width={64}
                        height={64}
                        className="size-full object-contain"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {product.is_package && (
            <section aria-labelledby="package-contents">
              <h2 id="package-contents" className="mb-2 text-sm font-semibold">
                <FormattedMessage id="product.packageContents" />
              </h2>
              <ul className="flex flex-col gap-2">
                {product.subitems.map((item) => (
                  <li key={item.product_id} className="flex items-center gap-2 text-sm">
                    <img
                      src={item.image}
                      alt=""
                      width={40}
                      height={40}
                      className="size-10 rounded bg-neutral-100 object-contain"
                    />
                    {item.name}
                  </li>
                ))}
              </ul>
            </section>
          )}

          {product.messages.map((message) => (
            <p key={message.id} className="rounded bg-pitch-50 p-3 text-sm">
              {message.text}
            </p>
          ))}

          {product.sold_out ? (
            <div className="flex flex-col gap-3">
              <div className="flex items-center gap-2">
                <p
                  className="flex-1 rounded border border-neutral-300 p-3 font-semibold"
                  data-testid="sold-out"
                >
                  <FormattedMessage id="product.soldOut" />
                </p>
                {/* An offline product is not kept as a favourite: favourites list what is sold. */}
                {product.online && <FavouriteToggle productId={product.id} testId="favourite" />}
              </div>
              {!product.is_package && product.stock.length > 0 && (
                <BackInStockForm productId={product.id} sizes={product.stock} online={product.online} />
              )}
            </div>
          ) : (
            <div className="flex flex-col gap-2">
              {sizesOnPage && !membersOnlyLocked && (
                <SizesOnPage product={product} chosen={chosenSize} onChoose={setChosenSize} />
              )}
              {bag.failed && drawer.step === "none" && (
                <p role="alert" className="rounded border border-red-700 bg-red-50 p-3 text-sm text-red-800">
                  <FormattedMessage id="drawer.addFailed" />
                </p>
              )}
              <div className="flex items-center gap-2">
                <div className="flex-1">{bagButton}</div>
                <FavouriteToggle productId={product.id} testId="favourite" />
              </div>
              <DeliveryInfo product={product} />
              {flagship && <InStoreSheet productId={product.id} store={readJsonText(flagship)} />}
              <CombineOffers sku={product.stock[0]?.sku_id} />
            </div>
          )}

          {product.selling_points.length > 0 && (
            <ul className="flex flex-col gap-2 border-t border-neutral-200 pt-4 text-sm">
              {product.selling_points.map((point) => (
                <li key={point.headline}>
                  <p className="font-semibold">{point.headline}</p>
                  <p className="text-neutral-700">{point.body}</p>
                </li>
              ))}
            </ul>
          )}

          <div className="border-t border-neutral-200">
            <Disclosure
              defaultOpen
              headingLevel={2}
              title={<FormattedMessage id="product.description" />}
              className="border-b border-neutral-200"
              contentClassName="pb-3 text-sm"
            >
              {product.description}
            </Disclosure>
            <Disclosure
              headingLevel={2}
              title={<FormattedMessage id="product.specifications" />}
              className="border-b border-neutral-200"
              contentClassName="pb-3 text-sm"
            >
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
                {product.specifications.map((spec) => (
                  <div key={spec.name} className="contents">
                    <dt className="text-neutral-700">{spec.name}</dt>
                    <dd>
                      <a {...plainLink(`/search/?q=${encodeURIComponent(spec.value)}`)} className="underline">
                        {spec.value}
                      </a>
                    </dd>
                  </div>
                ))}
              </dl>
            </Disclosure>
          </div>
        </div>
      </div>

      {reviews && reviewState && (
        <ProductReviews productId={product.id} initial={reviews} state={reviewState} />
      )}

      <div className="mt-12">
        <ProductSlider title={intl.formatMessage({ id: "product.recentlySeen" })} cards={recentlySeen} />
      </div>

      {product.shop_the_look && <ShopTheLookSection look={product.shop_the_look} />}
      <RelatedProducts productId={product.id} />
      <SubReelCircles categorySlug={product.category.parent_slug ?? product.category.slug} />
      <RelatedGuides categorySlug={product.category.parent_slug ?? product.category.slug} />
      <SocialGallery categorySlugs={socialSlugs} consent={statisticsConsent} />

      {!product.sold_out && <StickyBagBar product={product} onOpen={openBag} locked={membersOnlyLocked} />}
      {drawerWanted && (
        <Suspense fallback={null}>
          <AddToBagDrawer product={product} state={drawer} dispatch={dispatch} bag={bag} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The sizes before "add to bag", as top football shops show them: each with its stock and delivery,
 * the size guide beside them, and what the chosen size means (when it arrives, who sends it).
 */
function SizesOnPage({
  product,
  chosen,
  onChoose,
}: {
  product: ProductView;
  chosen: number | null;
  onChoose: (sizeId: number | null) => void;
}) {
  const intl = useIntl();
  const sizeLabel = useSizeLabel();
  const size = product.stock.find((s) => s.size_id === chosen && s.stock_info > 0);
  return (
    <section aria-label={intl.formatMessage({ id: "product.sizes" })} className="mb-2 flex flex-col gap-2">
      <SizeGrid
        sizes={product.stock}
        selected={size?.size_id ?? null}
        onSelect={(sizeId) => onChoose(sizeId === size?.size_id ? null : sizeId)}
        label={<FormattedMessage id="sizes.choose" />}
        labelAside={
          product.size_guide && (
            <SizeGuideButton
              guide={product.size_guide}
              productSizes={product.stock.flatMap((s) => [s.name, s.name_short])}
            />
          )
        }
        describedBy={size ? "chosen-size" : undefined}
        testId="page-sizes"
      />
      <p
        id="chosen-size"
        aria-live="polite"
        className="min-h-5 text-sm text-neutral-800"
        data-testid="chosen-size"
      >
        {size && <ChosenSize size={size} label={sizeLabel(size.name)} />}
      </p>
    </section>
  );
}

/** "Size 42,5 · Few left · Delivered in 1–3 working days · Sent by Pitchside." */
function ChosenSize({ size, label }: { size: StockEntry; label: string }) {
  const intl = useIntl();
  return (
    <FormattedMessage
      id="sizes.chosen"
      values={{
        size: label,
        stock: intl.formatMessage({ id: size.availability === "few_left" ? "stock.few" : "stock.in" }),
        delivery: intl.formatMessage(
          { id: "product.delivery" },
          dayRange(intl.locale, size.delivery.min_days, size.delivery.max_days),
        ),
        supplier: supplierName(size.supplier),
      }}
    />
  );
}

function DeliveryInfo({ product }: { product: ProductView }) {
  const intl = useIntl();
  const sizeLabel = useSizeLabel();
  const fastest = product.stock
    .filter((size) => size.stock_info > 0)
    .sort((a, b) => a.delivery.min_days - b.delivery.min_days)[0];
  const marketplace = product.stock.find((size) => size.is_marketplace && size.stock_info > 0);
  return (
    <div className="flex flex-col gap-1 text-sm text-neutral-800">
      {fastest && (
        <p className="flex items-center gap-2">
          <Truck aria-hidden="true" className="size-4" />
          <FormattedMessage
            id="product.delivery"
            values={dayRange(intl.locale, fastest.delivery.min_days, fastest.delivery.max_days)}
          />
        </p>
      )}
      {marketplace && (
        <p>
          <FormattedMessage id="product.marketplace" values={{ supplier: marketplace.supplier }} />
        </p>
      )}
      {product.stock.some((size) => size.flagship !== "none") && (
        <p>
          <FormattedMessage id="product.flagship" />{" "}
          {product.stock
            .filter((size) => size.flagship !== "none")
            .map(
              (size) =>
                `${sizeLabel(size.name_short)}${size.flagship === "limited" ? ` (${intl.formatMessage({ id: "stock.limited" })})` : ""}`,
            )
            .join(", ")}
        </p>
      )}
    </div>
  );
}

/** On small screens, once the shopper scrolls past the buy box, the bag button follows them. */
function StickyBagBar({
  product,
  onOpen,
  locked,
}: {
  product: ProductView;
  onOpen: () => void;
  locked: boolean;
}) {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > STICKY_BAR_FROM_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!visible || locked) return null;
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-30 flex items-center justify-between gap-3 border-t border-neutral-200 bg-white p-3 md:hidden"
      data-testid="sticky-bag-bar"
    >
      <p className="text-sm font-semibold">
        {intl.formatNumber(product.prices.min_price, {
          style: "currency",
          currency: product.prices.currency,
        })}
      </p>
      <button
        type="button"
        onClick={onOpen}
        className="rounded-full bg-neutral-900 px-5 py-2 font-semibold text-white"
      >
        <FormattedMessage id="product.addToBag" />
      </button>
    </div>
  );
}
