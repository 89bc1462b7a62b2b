import { describe, expect, it } from "vitest";
import { ERROR_REPORTING_META, errorReportingSettings } from "./error-reporting.ts";

describe("browser error reporting", () => {
  const page = (content: string | null) =>
    ({
      querySelector: (selector: string) =>
        selector === `meta[name="${ERROR_REPORTING_META}"]` && content !== null
          ? { getAttribute: () => content }
          : null,
    }) as unknown as Document;

  it("starts only on a page that names a DSN", () => {
    expect(errorReportingSettings(page(null))).toBeNull();
    expect(errorReportingSettings(page("not json"))).toBeNull();
    expect(
      errorReportingSettings(
        page(JSON.stringify({ dsn: "https://k@o1.ingest.example.io/3", environment: "production" })),
      ),
    ).toEqual({ dsn: "https://k@o1.ingest.example.io/3", environment: "production", release: null });
  });
});
