// The JSON API as the storefront calls it: one entry per call, keyed "METHOD /path/" exactly as the
// server registers it, each typed by the Zod contracts the server checks the call with — the body and
// query as they may be sent (z.input), the answer as it comes back (z.output of the 200 schema; 201 for
// sign-up). Only types are imported: no server code and no schema reaches the browser's bundle.
// `call()` in api.ts sends them; a call missing here cannot be made through it.
import type { z } from "zod";
import type {
  accountDeletedOutput,
  dataExportOutput,
  emailInput,
  loginInput,
  resetConfirmInput,
  signedInOutput,
  signupInput,
  successOutput,
  tokenInput,
} from "#modules/accounts/accounts.contract.ts";
import type {
  addressBookFormQuery,
  addressBookInput,
  addressBookOutput,
  addressDeletedOutput,
  addressSavedOutput,
} from "#modules/accounts/address-book.contract.ts";
import type {
  emailChangeConfirmedOutput,
  profileInput,
  profileReadOutput,
  profileSavedOutput,
} from "#modules/accounts/profile.contract.ts";
import type {
  addResultOutput,
  addToCartInput,
  cartOutput,
  checkoutOffersOutput,
  giftCardInput,
  lineMessagesOutput,
  newCartInput,
  okOutput,
  reminderUnsubscribeInput,
  reminderUnsubscribeOutput,
  sharedCartCreatedOutput,
  sharedCartOutput,
  updateQuantityInput,
  voucherInput,
  voucherOutput,
} from "#modules/cart/cart.contract.ts";
import type { customizationInput, customizationOptionsOutput } from "#modules/cart/customization.contract.ts";
import type {
  addressFormOutput,
  addressFormQuery,
  addressInput,
  adyenDetailsInput,
  adyenPaymentInput,
  authorizationResultSchema,
  authorizationTokenInput,
  bnplAuthorisationSchema,
  cardPaymentResultSchema,
  commentInput,
  commentResultSchema,
  deliverySubmitInput,
  dropPointsSchema,
  findDropPointQuery,
  klarnaSessionSchema,
  paymentDetailsResultSchema,
  paymentSelectedSchema,
  paymentSubmitInput,
  reviewResultSchema,
  reviewSubmitInput,
  selectDeliveryInput,
  setAddressResultSchema,
  splitPaymentInput,
  successSchema,
} from "#modules/checkout/checkout.contract.ts";
import type {
  articleListOutput,
  contentListQuery,
  imageListOutput,
  reelListOutput,
} from "#modules/content/content.contract.ts";
import type {
  skillsOutput,
  skillsQuery,
  videosOutput,
  videosQuery,
} from "#modules/content/masterclass.contract.ts";
import type { reelsFeedOutput, reelsFeedQuery } from "#modules/content/reels-feed.contract.ts";
import type { storeStockOutput, storesOutput } from "#modules/content/stores.contract.ts";
import type {
  favouriteInput,
  favouritesOutput,
  favouritesPageOutput,
  favouritesQuery,
  pendingFavouriteOutput,
} from "#modules/favourites/favourites.contract.ts";
import type { marketSelectedOutput, selectMarketInput } from "#modules/markets/markets.contract.ts";
import type { orderLookupInput, orderLookupOutput } from "#modules/orders/order-lookup.contract.ts";
import type { invoiceDownloadOutput } from "#modules/orders/orders.contract.ts";
import type {
  returnableOutput,
  returnCreatedOutput,
  returnRequestInput,
} from "#modules/orders/returns.contract.ts";
import type {
  availabilityOutput,
  productCardsOutput,
  productCardsQuery,
  promotionsOutput,
} from "#modules/product/product.contract.ts";
import type {
  stockAlertConfirmInput,
  stockAlertConfirmOutput,
  stockAlertInput,
  stockAlertOutput,
} from "#modules/product/stock-alerts.contract.ts";
import type {
  reviewCreatedOutput,
  reviewInput,
  reviewsOutput,
  reviewsQuery,
} from "#modules/reviews/reviews.contract.ts";
import type { popularProductsOutput, popularProductsQuery } from "#modules/search/listing.contract.ts";
import type { suggestOutput, suggestQuery } from "#modules/search/suggest.contract.ts";
import type {
  applicationReceivedOutput,
  tastemakerApplicationInput,
} from "#modules/tastemakers/tastemakers.contract.ts";
import type { productPageOutput, productPageQuery } from "#server/product-page.ts";
import type { shellOutput } from "#server/shell.ts";

/**
 * A call whose route reads no body, to which the storefront has always sent an empty form or an empty
 * JSON object (with its content type): kept so that the request stays as it was.
 */
type NoFields = Record<string, never>;

export interface Endpoints {
  // Accounts
  "POST /api/auth/signup/": { body: z.input<typeof signupInput>; response: z.output<typeof successOutput> };
  "POST /api/auth/login/": { body: z.input<typeof loginInput>; response: z.output<typeof signedInOutput> };
  "POST /api/auth/logout/": { body: NoFields; response: z.output<typeof successOutput> };
  "POST /delete-account/": { body: NoFields; response: z.output<typeof accountDeletedOutput> };
  "GET /v1.1/profile/export/": { response: z.output<typeof dataExportOutput> };
  "GET /v1.1/profile/": { response: z.output<typeof profileReadOutput> };
  "POST /v1.1/profile/": {
    body: z.input<typeof profileInput>;
    response: z.output<typeof profileSavedOutput>;
  };
  "POST /api/auth/email-change/confirm/": {
    body: z.input<typeof tokenInput>;
    response: z.output<typeof emailChangeConfirmedOutput>;
  };
  "POST /api/auth/validate-email/": {
    body: z.input<typeof tokenInput>;
    response: z.output<typeof signedInOutput>;
  };
  "POST /api/auth/resend-validation/": {
    body: z.input<typeof emailInput>;
    response: z.output<typeof successOutput>;
  };
  "POST /api/auth/password-reset/": {
    body: z.input<typeof emailInput>;
    response: z.output<typeof successOutput>;
  };
  "POST /api/auth/password-reset/confirm/": {
    body: z.input<typeof resetConfirmInput>;
    response: z.output<typeof successOutput>;
  };

  // The member's address book
  "GET /v1.1/addresses/": { response: z.output<typeof addressBookOutput> };
  "GET /v1.1/addresses/form/": {
    query: z.input<typeof addressBookFormQuery>;
    response: z.output<typeof addressFormOutput>;
  };
  "POST /v1.1/addresses/": {
    body: z.input<typeof addressBookInput>;
    response: z.output<typeof addressSavedOutput>;
  };
  "POST /v1.1/addresses/:id/": {
    body: z.input<typeof addressBookInput>;
    response: z.output<typeof addressSavedOutput>;
  };
  "DELETE /v1.1/addresses/:id/": { response: z.output<typeof addressDeletedOutput> };

  // The header's personal bits on a page from the page cache (decision 0051)
  "GET /api/shell/": { response: z.output<typeof shellOutput> };

  // Markets
  "POST /api/markets/select/": {
    body: z.input<typeof selectMarketInput>;
    response: z.output<typeof marketSelectedOutput>;
  };

  // Favourites
  "GET /api/favorites/": {
    query?: z.input<typeof favouritesQuery>;
    response: z.output<typeof favouritesPageOutput>;
  };
  "POST /api/favorites/add/": {
    body: z.input<typeof favouriteInput>;
    response: z.output<typeof favouritesOutput>;
  };
  "POST /api/favorites/remove/": {
    body: z.input<typeof favouriteInput>;
    response: z.output<typeof favouritesOutput>;
  };
  "POST /api/favorites/pending/": {
    body: z.input<typeof favouriteInput>;
    response: z.output<typeof pendingFavouriteOutput>;
  };

  // The tastemaker programme
  "POST /account/signup-tastemaker/": {
    body: z.input<typeof tastemakerApplicationInput>;
    response: z.output<typeof applicationReceivedOutput>;
  };
  // Orders (a guest's lookup; the member's order pages read in their loaders)
  "POST /v1.1/orders/lookup/": {
    body: z.input<typeof orderLookupInput>;
    response: z.output<typeof orderLookupOutput>;
  };

  // Content lists (the first page comes with the page; these are "load more" and secondary data)
  "GET /api/category/guides/": {
    query: z.input<typeof contentListQuery>;
    response: z.output<typeof articleListOutput>;
  };
  "GET /api/category/reels/": {
    query: z.input<typeof contentListQuery>;
    response: z.output<typeof reelListOutput>;
  };
  "GET /api/content/category/images/": {
    query: z.input<typeof contentListQuery>;
    response: z.output<typeof imageListOutput>;
  };

  // The masterclass library and the reels feed
  "GET /api/content/masterclass/skills/": {
    query: z.input<typeof skillsQuery>;
    response: z.output<typeof skillsOutput>;
  };
  "GET /api/content/masterclass/videos/": {
    query: z.input<typeof videosQuery>;
    response: z.output<typeof videosOutput>;
  };
  "GET /api/content/reels/": {
    query: z.input<typeof reelsFeedQuery>;
    response: z.output<typeof reelsFeedOutput>;
  };

  // Product page
  "GET /api/availability/:id/": { response: z.output<typeof availabilityOutput> };
  "GET /api/product-page/:slug/": {
    query: z.input<typeof productPageQuery>;
    response: z.output<typeof productPageOutput>;
  };
  "GET /api/products/related/:id/": { response: z.output<typeof productCardsOutput> };
  "GET /api/products/complete_the_look/:id/": { response: z.output<typeof productCardsOutput> };
  "GET /api/products/cards/": {
    query: z.input<typeof productCardsQuery>;
    response: z.output<typeof productCardsOutput>;
  };
  "GET /api/promotions/get/:sku/": { response: z.output<typeof promotionsOutput> };
  "POST /api/products/notify_sold_out/": {
    body: z.input<typeof stockAlertInput>;
    response: z.output<typeof stockAlertOutput>;
  };
  "POST /api/products/notify_sold_out/confirm/": {
    body: z.input<typeof stockAlertConfirmInput>;
    response: z.output<typeof stockAlertConfirmOutput>;
  };
  // A reminder mail's unsubscribe page (decision 0058)
  "POST /api/reminders/unsubscribe/": {
    body: z.input<typeof reminderUnsubscribeInput>;
    response: z.output<typeof reminderUnsubscribeOutput>;
  };
  // Reviews and the flagship store's stock (decision 0044)
  "GET /api/products/:id/reviews/": {
    query: z.input<typeof reviewsQuery>;
    response: z.output<typeof reviewsOutput>;
  };
  "POST /api/products/:id/reviews/": {
    body: z.input<typeof reviewInput>;
    response: z.output<typeof reviewCreatedOutput>;
  };
  "GET /api/products/:id/store-stock/": { response: z.output<typeof storeStockOutput> };
  "GET /api/stores/": { response: z.output<typeof storesOutput> };
  "GET /api/recommendations/popular-products/": {
    query: z.input<typeof popularProductsQuery>;
    response: z.output<typeof popularProductsOutput>;
  };
  "GET /api/search/suggest/": {
    query: z.input<typeof suggestQuery>;
    response: z.output<typeof suggestOutput>;
  };

  // The bag
  "GET /cart/data/": { response: z.output<typeof cartOutput> };
  "POST /cart/items/add_to_cart/": {
    body: z.input<typeof addToCartInput>;
    response: z.output<typeof addResultOutput>;
  };
  "POST /cart/items/new_cart/": {
    body: z.input<typeof newCartInput>;
    response: z.output<typeof addResultOutput>;
  };
  "POST /cart/items/update_cart_item/:id/": {
    body: z.input<typeof updateQuantityInput>;
    response: z.output<typeof lineMessagesOutput>;
  };
  "POST /cart/items/delete_cart_item/:id/": { body: NoFields; response: z.output<typeof lineMessagesOutput> };
  "GET /customizations/get/:id/": { response: z.output<typeof customizationOptionsOutput> };
  "POST /customizations/update/:id/": {
    body: z.input<typeof customizationInput>;
    response: z.output<typeof okOutput>;
  };
  "POST /api/vouchers/add/": { body: z.input<typeof voucherInput>; response: z.output<typeof voucherOutput> };
  "DELETE /api/vouchers/remove/:code/": { response: z.output<typeof okOutput> };
  "POST /api/giftcards/add/": {
    body: z.input<typeof giftCardInput>;
    response: z.output<typeof voucherOutput>;
  };
  "DELETE /api/giftcards/remove/:last4/": { response: z.output<typeof okOutput> };
  "POST /api/cart/shared/create_shared_cart/": {
    body: NoFields;
    response: z.output<typeof sharedCartCreatedOutput>;
  };
  "GET /api/cart/shared/:uuid/": { response: z.output<typeof sharedCartOutput> };
  "GET /api/cart/checkout_offers/": { response: z.output<typeof checkoutOffersOutput> };

  // Checkout
  "GET /checkout/payment_form/": {
    query: z.input<typeof addressFormQuery>;
    response: z.output<typeof addressFormOutput>;
  };
  "POST /api/checkout/set_delivery_address/": {
    body: z.input<typeof addressInput>;
    response: z.output<typeof setAddressResultSchema>;
  };
  "POST /api/checkout/set_billing_address/": {
    body: z.input<typeof addressInput>;
    response: z.output<typeof setAddressResultSchema>;
  };
  "POST /checkout/select_delivery_method/": {
    body: z.input<typeof selectDeliveryInput>;
    response: z.output<typeof successSchema>;
  };
  "GET /deliverymethod/find_droppoint/": {
    query: z.input<typeof findDropPointQuery>;
    response: z.output<typeof dropPointsSchema>;
  };
  "POST /checkout/step_delivery_submit/": {
    body: z.input<typeof deliverySubmitInput>;
    response: z.output<typeof successSchema>;
  };
  "POST /checkout/payment_gateway_submit/": {
    body: z.input<typeof paymentSubmitInput>;
    response: z.output<typeof paymentSelectedSchema>;
  };
  "POST /checkout/add_order_comment/": {
    body: z.input<typeof commentInput>;
    response: z.output<typeof commentResultSchema>;
  };
  "POST /checkout/step_review_submit/": {
    body: z.input<typeof reviewSubmitInput>;
    response: z.output<typeof reviewResultSchema>;
  };
  "POST /checkout/adyen_split_on_payment/": {
    /** The built-in card's fields, or (Adyen configured) the Drop-in's encrypted state data. */
    body: z.input<typeof splitPaymentInput> | z.input<typeof adyenPaymentInput>;
    response: z.output<typeof cardPaymentResultSchema>;
  };
  "POST /checkout/adyen_payment_details/": {
    /** The Drop-in's onAdditionalDetails data after 3-D Secure in the page (Adyen only). */
    body: z.input<typeof adyenDetailsInput>;
    response: z.output<typeof paymentDetailsResultSchema>;
  };
  "POST /payments/test-bnpl/authorize/": {
    body: NoFields;
    response: z.output<typeof bnplAuthorisationSchema>;
  };
  "POST /checkout/submit_authorization_token/": {
    body: z.input<typeof authorizationTokenInput>;
    response: z.output<typeof authorizationResultSchema>;
  };
  "POST /payments/klarna/session/": {
    body: NoFields;
    response: z.output<typeof klarnaSessionSchema>;
  };

  // Orders: the invoice's address (the PDF itself is opened as a link, not called)
  "GET /checkout/invoice_download/:order_number/": { response: z.output<typeof invoiceDownloadOutput> };
  // Returns (the member area)
  "GET /v1.1/orders/:order_number/returns/": { response: z.output<typeof returnableOutput> };
  "POST /v1.1/orders/:order_number/returns/": {
    body: z.input<typeof returnRequestInput>;
    response: z.output<typeof returnCreatedOutput>;
  };
}

export type Endpoint = keyof Endpoints;
/** The calls that only read: the ones secondary data may come from. */
export type ReadEndpoint = Extract<Endpoint, `GET ${string}`>;

/** What a call answers, as its contract describes it. */
export type ResponseOf<K extends Endpoint> = Endpoints[K]["response"];

type PathOf<K extends string> = K extends `${string} ${infer Path}` ? Path : never;
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;

/** `:name` segments of the path: required when the path has them, refused when it has none. */
type ParamsPart<K extends Endpoint> = [ParamNames<PathOf<K>>] extends [never]
  ? { params?: never }
  : { params: Record<ParamNames<PathOf<K>>, string | number> };

/** The query, when the call reads one: required unless every field of it is optional. */
type QueryPart<E> = E extends { query: infer Query }
  ? Partial<Query> extends Query
    ? { query?: Query }
    : { query: Query }
  : { query?: never };

/** A form sends strings: a field the contract reads as anything but a string cannot go in one. */
export type FormOf<Body> = { [Field in keyof Body]: string extends Body[Field] ? string : never };

/** The body, as JSON or as a form, when the call takes one; none otherwise. */
type BodyPart<E> = E extends { body: infer Body }
  ? { json: Body; form?: never } | { form: FormOf<Body>; json?: never }
  : { json?: never; form?: never };

/** Where a call goes: its path's params and its query. */
export type RequestOf<K extends Endpoint> = ParamsPart<K> & QueryPart<Endpoints[K]>;

/** What sending a call to an address given by the server takes: its body, if any, and a signal. */
export type SendOptions<K extends Endpoint> = BodyPart<Endpoints[K]> & { signal?: AbortSignal };

export type CallOptions<K extends Endpoint> = RequestOf<K> & SendOptions<K>;

/** The options argument may be left out when nothing in it is required. */
export type OptionsArgument<Options> =
  Partial<Options> extends Options ? [options?: Options] : [options: Options];
