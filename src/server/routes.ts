import type { FastifyInstance } from "fastify";
import type { EraseMemberElsewhere } from "#modules/accounts/account-deletion.service.ts";
import { type AfterSignIn, accountsRoutes } from "#modules/accounts/accounts.routes.ts";
import { addressBookRoutes } from "#modules/accounts/address-book.routes.ts";
import type { ExportMemberElsewhere } from "#modules/accounts/data-export.service.ts";
import { profileRoutes } from "#modules/accounts/profile.routes.ts";
import { cartRoutes } from "#modules/cart/cart.routes.ts";
import { adoptAnonymousCart, discardMemberBag } from "#modules/cart/cart-adoption.ts";
import { reminderUnsubscribeRoutes } from "#modules/cart/reminder-unsubscribe.routes.ts";
import { moveCatalogueRevision } from "#modules/catalog/catalogue-cache.ts";
import { mediaRoutes } from "#modules/catalog/media.routes.ts";
import { checkoutRoutes } from "#modules/checkout/checkout.routes.ts";
import { cmsPagesRoutes } from "#modules/content/cms-pages.routes.ts";
import { contentRoutes } from "#modules/content/content.routes.ts";
import { masterclassRoutes } from "#modules/content/masterclass.routes.ts";
import { policiesRoutes } from "#modules/content/policies.routes.ts";
import { reelsFeedRoutes } from "#modules/content/reels-feed.routes.ts";
import { storesRoutes } from "#modules/content/stores.routes.ts";
import { favouritesRoutes } from "#modules/favourites/favourites.routes.ts";
import {
  adoptAnonymousFavourites,
  exportMemberFavourites,
  forgetMemberFavourites,
} from "#modules/favourites/favourites.service.ts";
import { adoptPendingFavourites } from "#modules/favourites/pending-favourites.ts";
import { marketsRoutes } from "#modules/markets/markets.routes.ts";
import { operatorRoutes } from "#modules/orders/operator.routes.ts";
import { orderLookupRoutes } from "#modules/orders/order-lookup.routes.ts";
import { ordersRoutes } from "#modules/orders/orders.routes.ts";
import {
  anonymiseMemberOrders,
  attachGuestOrders,
  exportMemberOrders,
} from "#modules/orders/orders.service.ts";
import { adyenRoutes } from "#modules/payments/adyen/adyen.routes.ts";
import { marketPaymentsOf } from "#modules/payments/market-providers.ts";
import { productRoutes } from "#modules/product/product.routes.ts";
import { exportStockAlertsOf, forgetStockAlertsOf } from "#modules/product/stock-alerts.service.ts";
import { reviewsRoutes } from "#modules/reviews/reviews.routes.ts";
import { anonymiseMemberReviews } from "#modules/reviews/reviews.service.ts";
import { listingRoutes } from "#modules/search/listing.routes.ts";
import { synonymRoutes } from "#modules/search/synonyms.routes.ts";
import { tastemakersRoutes } from "#modules/tastemakers/tastemakers.routes.ts";
import { exportApplicationOf, forgetApplicationOf } from "#modules/tastemakers/tastemakers.service.ts";
import { webhooksRoutes } from "#modules/webhooks/webhooks.routes.ts";
import type { OrderPlacedEvent } from "./plugins/metrics.ts";
import { productPageRoutes } from "./product-page.ts";
import { shellRoutes } from "./shell.ts";

/**
 * At sign-up, log-in and social sign-in, the favourites and the bag the visitor gathered anonymously
 * become the member's, and so do the products whose hearts they tapped before logging in (kept in
 * the session, decision 0032). Composed here because accounts sits below the modules that own them.
 */
const adoptAnonymousBelongings: AfterSignIn = async (db, sessionId, userId) => {
  await adoptAnonymousFavourites(db, sessionId, userId);
  await adoptPendingFavourites(db, sessionId, userId);
  await adoptAnonymousCart(db, sessionId, userId);
};

/**
 * Account deletion, the steps above accounts (each a function of the module that owns what it
 * writes, all in the deletion's transaction): favourites, the bag, back-in-stock sign-ups and the
 * tastemaker application go, orders stay for the bookkeeping but are anonymised.
 */
const eraseMemberElsewhere: EraseMemberElsewhere = async (tx, member) => {
  await forgetMemberFavourites(tx, member.id);
  await discardMemberBag(tx, member.id);
  await forgetStockAlertsOf(tx, member.email);
  await forgetApplicationOf(tx, member.id);
  await anonymiseMemberOrders(tx, member.id);
  await anonymiseMemberReviews(tx, member.id);
};

/** The data export's sections held by the modules above accounts. */
const exportMemberElsewhere: ExportMemberElsewhere = async (db, member) => ({
  favourites: await exportMemberFavourites(db, member.id),
  orders: await exportMemberOrders(db, member.id),
  back_in_stock_alerts: await exportStockAlertsOf(db, member.email),
  tastemaker_application: await exportApplicationOf(db, member.id),
});

/** Each module's calls. A module adds its routes function here. */
export async function registerModuleRoutes(app: FastifyInstance) {
  await app.register(marketsRoutes);
  await app.register(mediaRoutes);
  await app.register(accountsRoutes, {
    afterSignIn: adoptAnonymousBelongings,
    // A proven address brings the guest orders placed with it into the account (decision 0038).
    afterEmailValidated: async (db, user) => {
      await attachGuestOrders(db, user);
    },
    eraseMemberElsewhere,
    // The member's name leaves kept product pages' reviews at once, not when they next expire.
    afterMemberErased: moveCatalogueRevision,
    exportMemberElsewhere,
  });
  await app.register(profileRoutes);
  await app.register(addressBookRoutes);
  await app.register(listingRoutes);
  await app.register(synonymRoutes);
  await app.register(contentRoutes);
  await app.register(masterclassRoutes);
  await app.register(reelsFeedRoutes);
  await app.register(cmsPagesRoutes);
  await app.register(cartRoutes);
  await app.register(reminderUnsubscribeRoutes);
  await app.register(productRoutes);
  await app.register(favouritesRoutes);
  // Adyen and Klarna of each market that has them (decision 0059); the others keep the test providers.
  const payments = marketPaymentsOf(app.config);
  if (payments.anyAdyen) await app.register(adyenRoutes, { hmacKeysOf: payments.hmacKeysOf });
  // The module tells of each committed order; the server's metrics count it (modules know no prom-client).
  await app.register(checkoutRoutes, {
    onOrderPlaced: (order: OrderPlacedEvent) => app.metrics.orderPlaced(order),
    payments,
    publicUrlFor: app.publicAddresses.forMarket,
  });
  await app.register(ordersRoutes);
  await app.register(operatorRoutes);
  await app.register(orderLookupRoutes);
  await app.register(policiesRoutes);
  await app.register(tastemakersRoutes);
  await app.register(storesRoutes);
  await app.register(reviewsRoutes);
  await app.register(webhooksRoutes);
  // The header's personal bits for pages served from the page cache (decision 0051).
  await app.register(shellRoutes);
  // The product page's data for a navigation in the storefront (decision 0102).
  await app.register(productPageRoutes);
}
