// Writes a Shopify product CSV export of N products (3 sizes each, two pictures, DKK and EUR prices)
// for measuring `pitchside import`: node bench/shopify-csv.ts 50000 > /tmp/products.csv
const count = Number(process.argv[2] ?? 1000);
const categories = ["Goalkeeper gloves", "Football boots", "Balls", "Socks", "Shin guards", "Indoor shoes"];
const brands = ["Strikon", "Veloce", "Nordvik", "Pampa", "Safehands"];
const out: string[] = [
  "Handle,Title,Body (HTML),Vendor,Type,Published,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Variant Compare At Price,Image Src,Image Position,Image Alt Text,Variant Price / EUR,Status",
];
for (let i = 1; i <= count; i++) {
  const handle = `bench-product-${i}`;
  const price = (199 + (i % 40) * 25).toFixed(2);
  const eur = (Number(price) / 7.46).toFixed(2);
  ["S", "M", "L"].forEach((size, n) => {
    const first = n === 0;
    out.push(
      [
        handle,
        first ? `Bench Product ${i}` : "",
        first ? `"<p>Product ${i} for the import measurement.</p>"` : "",
        first ? brands[i % brands.length] : "",
        first ? categories[i % categories.length] : "",
        first ? "true" : "",
        first ? "Size" : "",
        size,
        `BENCH-${i}-${size}`,
        String((i + n) % 9),
        price,
        "",
        n < 2 ? `https://cdn.example.com/bench/${i}-${n + 1}.jpg` : "",
        n < 2 ? String(n + 1) : "",
        "",
        eur,
        first ? "active" : "",
      ].join(","),
    );
  });
}
process.stdout.write(`${out.join("\n")}\n`);
