#!/usr/bin/env bash
# Lighthouse (mobile) on the pages it scores for the shop, against a running shop.
#   bash scripts/lighthouse.sh http://localhost:3000 [accessibility|performance|…]
# Lighthouse is not a dependency of the shop: npx fetches the pinned version on first use.
set -euo pipefail
base="${1:-http://localhost:3000}"
category="${2:-accessibility}"
product="$(curl -sf "$base/api/category/get/?slug=football-boots" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).products[0].relative_url))')"
out="$(mktemp -d)"
for path in / /football-boots/ "$product"; do
  CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}" npx --yes lighthouse@13.5.0 "$base$path" \
    --only-categories="$category" --form-factor=mobile --quiet --output=json --output-path="$out/report.json" \
    --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync"
  node -e '
    const r = require(process.argv[1]); const c = r.categories[process.argv[2]];
    const failed = Object.values(r.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary").map((a) => a.id);
    console.log(`${process.argv[3].padEnd(48)} ${process.argv[2]} ${Math.round(c.score * 100)}${failed.length ? "  failing: " + failed.join(", ") : ""}`);
  ' "$out/report.json" "$category" "$path"
done
