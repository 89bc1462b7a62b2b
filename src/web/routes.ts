import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home/home-page.tsx"),
  route("*", "routes/not-found/not-found-page.tsx"),
] satisfies RouteConfig;
