import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src/web",
  ssr: true,
  // Every route is in one hashed manifest file the browser loads with the page's modules, instead
  // of each page carrying its own routes and the browser asking /__manifest before it goes to a
  // route it has not seen (decision 0087).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
