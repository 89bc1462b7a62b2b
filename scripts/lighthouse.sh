#!/usr/bin/env bash
# Lighthouse (mobile) on pages of a running shop: the four category scores, the metrics behind the
# performance score, and any failing pass/fail audit.
#   bash scripts/lighthouse.sh http://localhost:3000 [path…]
# Without paths it scores the home page, a category (/football-boots/) and that category's first
# product. CATEGORIES=accessibility,performance narrows the categories; RUNS=2 scores each page twice
# (the machine is shared: quote the spread). Reports are kept in $LIGHTHOUSE_OUT (default: a temp dir).
# Lighthouse is not a dependency of the shop: npx fetches the pinned version on first use.
set -euo pipefail
base="${1:-http://localhost:3000}"
shift || true
categories="${CATEGORIES:-performance,accessibility,best-practices,seo}"
runs="${RUNS:-1}"
if [ "$#" -gt 0 ]; then
  paths=("$@")
else
  product="$(curl -sf "$base/api/category/get/?slug=football-boots" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).products[0].relative_url))')"
  paths=(/ /football-boots/ "$product")
fi
out="${LIGHTHOUSE_OUT:-$(mktemp -d)}"
mkdir -p "$out"
echo "reports in $out"
for path in "${paths[@]}"; do
  for run in $(seq 1 "$runs"); do
    report="$out/$(echo "$path" | tr -c 'a-zA-Z0-9-' '_')-$run.json"
    CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}" npx --yes lighthouse@13.5.0 "$base$path" \
      --only-categories="$categories" --form-factor=mobile --quiet --output=json --output-path="$report" \
      --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync"
    node -e '
      const r = require(process.argv[1]);
      const scores = Object.entries(r.categories).map(([id, c]) => `${id} ${Math.round(c.score * 100)}`).join(", ");
      const metric = (id, unit) => r.audits[id] ? `${id.replace(/-/g, " ")} ${unit === "s" ? (r.audits[id].numericValue / 1000).toFixed(2) + " s" : unit === "ms" ? Math.round(r.audits[id].numericValue) + " ms" : r.audits[id].numericValue.toFixed(3)}` : "";
      const metrics = r.categories.performance
        ? [metric("first-contentful-paint", "s"), metric("largest-contentful-paint", "s"), metric("total-blocking-time", "ms"), metric("cumulative-layout-shift", ""), metric("speed-index", "s")].join(", ")
        : "";
      const script = r.audits["network-requests"]?.details?.items?.filter((i) => i.resourceType === "Script").reduce((s, i) => s + (i.transferSize || 0), 0);
      const failed = Object.values(r.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary").map((a) => a.id);
      console.log(`${process.argv[2].padEnd(40)} ${scores}`);
      if (metrics) console.log(`${"".padEnd(40)} ${metrics}${script ? `, scripts ${(script / 1024).toFixed(1)} KB transferred` : ""}`);
      if (failed.length) console.log(`${"".padEnd(40)} failing: ${failed.join(", ")}`);
    ' "$report" "$path"
  done
done
