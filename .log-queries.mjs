import fs from "node:fs";
import pg from "pg";
const orig = pg.Client.prototype.query;
const log = (name, text, r, started) => fs.appendFileSync("/tmp/queries.log", `${(performance.now() - started).toFixed(2)}ms rows=${r?.rowCount ?? r?.rows?.length} ${name ? `[${name}] ` : ""}${String(text).replace(/\s+/g, " ").slice(0, 400)}\n`);
pg.Client.prototype.query = function (config, values, cb) {
  const text = typeof config === "string" ? config : config?.text ?? config?.name;
  const name = typeof config === "object" ? config?.name : undefined;
  const started = performance.now();
  if (typeof values === "function") { const c = values; values = (e, r) => { log(name, text, r, started); c(e, r); }; }
  else if (typeof cb === "function") { const c = cb; cb = (e, r) => { log(name, text, r, started); c(e, r); }; }
  else if (config && typeof config.callback === "function") { const c = config.callback; config.callback = (e, r) => { log(name, text, r, started); c(e, r); }; }
  const result = orig.call(this, config, values, cb);
  if (result && typeof result.then === "function") result.then((r) => log(name, text, r, started), () => {});
  return result;
};
