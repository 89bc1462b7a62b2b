import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home/home-page.tsx"),
  route("faq", "routes/faq/faq-page.tsx"),
  route("policies/privacy", "routes/policies/privacy-page.tsx"),
  route("search", "routes/listing/search-page.tsx"),
  route("account/login", "routes/account/login-page.tsx"),
  route("account/signup", "routes/account/signup-page.tsx"),
  route("account/validate", "routes/account/validate-page.tsx"),
  route("account/reset", "routes/account/reset-page.tsx"),
  route("account/reset/confirm", "routes/account/reset-confirm-page.tsx"),
  route("account/home", "routes/account/account-home-page.tsx"),
  route("account/favorites", "routes/account/favourites-page.tsx"),
  route("account/orders", "routes/orders/orders-page.tsx"),
  route("account/orders/details", "routes/orders/order-details-page.tsx"),
  route("orders/lookup", "routes/orders/order-lookup-page.tsx"),
  route("orders/view", "routes/orders/order-view-page.tsx"),
  route("p/:slug", "routes/product/product-page.tsx"),
  route("stock-alerts/confirm", "routes/stock-alerts/stock-alert-confirm-page.tsx"),
  route("cart", "routes/cart/cart-page.tsx"),
  route("cart/shared", "routes/cart/shared-cart-page.tsx"),
  route("checkout", "routes/checkout/checkout-layout.tsx", [
    index("routes/checkout/checkout-index.tsx"),
    route("address", "routes/checkout/address-page.tsx"),
    route("delivery", "routes/checkout/delivery-page.tsx"),
    route("payment", "routes/checkout/payment-page.tsx"),
    route("receipt", "routes/checkout/receipt-page.tsx"),
  ]),
  // Every other single-segment address is a category (404 when there is none by that slug).
  route(":slug", "routes/listing/category-page.tsx"),
  route("*", "routes/not-found/not-found-page.tsx"),
] satisfies RouteConfig;
