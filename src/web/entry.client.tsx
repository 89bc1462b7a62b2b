import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { errorReportingSettings } from "./lib/error-reporting.ts";

// React Router's own client entry, plus browser error reporting when the page asks for it: only then
// is Sentry's chunk fetched (decision 0026).
const reporting = errorReportingSettings(document);
if (reporting)
  import("./lib/error-reporting.client.ts")
    .then((module) => module.startErrorReporting(reporting))
    .catch(() => {});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
