import type { MetricObjectWithValues, MetricValueWithName, Registry } from "prom-client";

type Sample = MetricValueWithName<string>;

/** One label set's counts: observations per bucket (not yet cumulative), their sum and count. */
export interface LatencySeries {
  readonly labels: Readonly<Record<string, string>>;
  readonly perBucket: Float64Array;
  sum: number;
  count: number;
}

/**
 * A Prometheus histogram of request latencies, counted where every answer passes (onResponse).
 *
 * prom-client's own Histogram checks and hashes its labels again on every observation, even through
 * a child made once (about 4 µs an answer on the slow benchmark machine, the largest single cost of
 * a bare route behind the shop's plugins). Here a label set is a series looked up once by the caller
 * and kept; an observation finds its bucket and adds to three numbers. prom-client still owns the
 * registry, the text format and the workers' aggregation: this metric hands it the same samples its
 * Histogram would (`get`), which `route-latency-histogram.test.ts` compares line by line.
 */
export class RouteLatencyHistogram<Label extends string> {
  readonly type = "histogram";
  readonly aggregator = "sum";
  readonly name: string;
  readonly help: string;
  private readonly labelNames: readonly Label[];
  private readonly upperBounds: readonly number[];
  private readonly series = new Map<string, LatencySeries>();

  constructor(
    name: string,
    help: string,
    labelNames: readonly Label[],
    buckets: readonly number[],
    registers: Registry[],
  ) {
    this.name = name;
    this.help = help;
    this.labelNames = labelNames;
    this.upperBounds = [...buckets].sort((a, b) => a - b);
    for (const registry of registers) registry.registerMetric(this as never);
  }

  /** The series of one label set, made on first use; keep it, as prom-client's `labels()` child. */
  seriesOf(values: Record<Label, string>): LatencySeries {
    const key = this.labelNames.map((name) => values[name]).join("\u0000");
    let series = this.series.get(key);
    if (!series) {
      const labels: Record<string, string> = {};
      for (const name of this.labelNames) labels[name] = values[name];
      series = { labels, perBucket: new Float64Array(this.upperBounds.length), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    return series;
  }

  /** Counts one observation (in seconds); a value that is not a finite number is not counted. */
  observe(series: LatencySeries, value: number): void {
    if (!Number.isFinite(value)) return;
    series.sum += value;
    series.count += 1;
    const bounds = this.upperBounds;
    for (let i = 0; i < bounds.length; i++)
      if (value <= (bounds[i] as number)) {
        (series.perBucket[i] as number)++;
        return;
      }
    // Above the last bound: in `+Inf` only, which is the count.
  }

  /** The samples as prom-client's Histogram gives them: buckets cumulative, then `+Inf`, sum, count. */
  get(): Promise<MetricObjectWithValues<Sample>> {
    const values: Sample[] = [];
    const bucketName = `${this.name}_bucket`;
    for (const { labels, perBucket, sum, count } of this.series.values()) {
      let cumulative = 0;
      this.upperBounds.forEach((le, i) => {
        cumulative += perBucket[i] as number;
        values.push({ labels: { le, ...labels }, value: cumulative, metricName: bucketName });
      });
      values.push({ labels: { le: "+Inf", ...labels }, value: count, metricName: bucketName });
      values.push({ labels: { ...labels }, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels: { ...labels }, value: count, metricName: `${this.name}_count` });
    }
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type as never,
      values,
      aggregator: this.aggregator,
      // prom-client's type asks for the metric's collect hook; its own Histogram hands none over.
    } as unknown as MetricObjectWithValues<Sample>);
  }

  /** Counts start again from nothing; the series callers keep stay valid (and are shown, at 0). */
  reset(): void {
    for (const series of this.series.values()) {
      series.perBucket.fill(0);
      series.sum = 0;
      series.count = 0;
    }
  }
}
