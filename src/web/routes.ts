import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home/home-page.tsx"),
  route("faq", "routes/faq/faq-page.tsx"),
  route("policies/privacy", "routes/policies/privacy-page.tsx"),
  route("*", "routes/not-found/not-found-page.tsx"),
] satisfies RouteConfig;
