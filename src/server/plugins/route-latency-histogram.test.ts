import { AggregatorRegistry, Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { RouteLatencyHistogram } from "./route-latency-histogram.ts";

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const NAME = "pitchside_http_request_duration_seconds";
const HELP = "Time from a request's arrival to its answer sent.";
const LABELS = ["method", "route", "status_class"] as const;

/** The same observations into prom-client's own Histogram and into the shop's. */
function both(observations: [Record<(typeof LABELS)[number], string>, number][]) {
  const theirs = new Registry();
  const reference = new Histogram({
    name: NAME,
    help: HELP,
    labelNames: LABELS,
    buckets: BUCKETS,
    registers: [theirs],
  });
  const ours = new Registry();
  const histogram = new RouteLatencyHistogram(NAME, HELP, LABELS, BUCKETS, [ours]);
  for (const [labels, value] of observations) {
    reference.labels(labels).observe(value);
    histogram.observe(histogram.seriesOf(labels), value);
  }
  return { theirs, ours, histogram };
}

const get = { method: "GET", route: "/api/products/:slug/", status_class: "2xx" };
const refused = { method: "POST", route: "/api/cart/items/", status_class: "4xx" };
const unicodeRoute = { method: "GET", route: '/api/über/"quoted"\\path/', status_class: "2xx" };

describe("the route latency histogram", () => {
  it("writes the same Prometheus text as prom-client's Histogram, bucket by bucket, for the same answers", async () => {
    const { theirs, ours } = both([
      [get, 0.001],
      [get, 0.005], // on a bound: counted in that bucket, as Prometheus's `le` says
      [get, 0.0051],
      [get, 0.3],
      [get, 42], // above every bound: only in +Inf
      [refused, 0.02],
      [refused, 0.02],
      [unicodeRoute, 1.5],
    ]);
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain(
      `${NAME}_bucket{le="0.005",method="GET",route="/api/products/:slug/",status_class="2xx"} 2`,
    );
    expect(text).toContain(
      `${NAME}_bucket{le="+Inf",method="GET",route="/api/products/:slug/",status_class="2xx"} 5`,
    );
    expect(text).toContain(`${NAME}_count{method="POST",route="/api/cart/items/",status_class="4xx"} 2`);
  });

  it("gives the workers' gathering the same samples, so several processes add up as before", async () => {
    const { theirs, ours } = both([
      [get, 0.02],
      [refused, 0.7],
    ]);
    const [reference] = await theirs.getMetricsAsJSON();
    const [own] = await ours.getMetricsAsJSON();
    // The shop records no exemplars: prom-client's empty ones are left out of the comparison.
    const withoutExemplars = reference?.values.map((sample) => {
      const { exemplar: _none, ...rest } = sample as typeof sample & { exemplar?: unknown };
      return rest;
    });
    expect(own).toEqual({ ...reference, values: withoutExemplars });
    // Two workers' answers, summed by prom-client's aggregation.
    const summed = await AggregatorRegistry.aggregate([[own as never], [own as never]]).metrics();
    expect(summed).toContain(`${NAME}_count{method="GET",route="/api/products/:slug/",status_class="2xx"} 2`);
  });

  it("keeps one series per label set, and leaves out a value that is not a number", async () => {
    const { histogram, ours } = both([]);
    const series = histogram.seriesOf(get);
    expect(histogram.seriesOf({ ...get })).toBe(series);
    histogram.observe(series, Number.NaN);
    histogram.observe(series, Number.POSITIVE_INFINITY);
    histogram.observe(series, 0.2);
    expect(series.count).toBe(1);
    expect(await ours.metrics()).toContain(
      `${NAME}_sum{method="GET",route="/api/products/:slug/",status_class="2xx"} 0.2`,
    );
  });

  it("starts again from nothing when reset, the series kept by callers still counting", async () => {
    const { histogram, ours } = both([[get, 0.2]]);
    const series = histogram.seriesOf(get);
    histogram.reset();
    histogram.observe(series, 0.02);
    const text = await ours.metrics();
    expect(text).toContain(`${NAME}_count{method="GET",route="/api/products/:slug/",status_class="2xx"} 1`);
    expect(text).toContain(
      `${NAME}_bucket{le="0.01",method="GET",route="/api/products/:slug/",status_class="2xx"} 0`,
    );
  });
});
