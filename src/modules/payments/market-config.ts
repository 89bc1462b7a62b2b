/**
 * A payment provider's configuration by market code (lower case, as in the markets data: "dk",
 * "se"…). A market missing from the map keeps the shop's built-in test provider (decision 0059).
 * Markets without settings of their own share one configuration object.
 */
export type ByMarket<T> = ReadonlyMap<string, T> & {
  /**
   * The unsuffixed (shop-wide) configuration, or null: what took every payment before markets had
   * their own, so a payment whose market was not recorded is modified with it.
   */
  readonly shopWide: T | null;
};

/** Reads one provider variable for one configuration: the market's own before the shop-wide one. */
export interface EnvReader {
  /** The value (trimmed; empty counts as unset). */
  get(name: string): string | undefined;
  /** The variable the value comes from (the market's own when it is set), for error messages. */
  name(name: string): string;
}

type Env = Record<string, string | undefined>;
const setValue = (env: Env, key: string) => env[key]?.trim() || undefined;

/** The shop-wide variables only (ADYEN_API_KEY…). */
export const shopWideReader = (env: Env): EnvReader => ({
  get: (name) => setValue(env, name),
  name: (name) => name,
});

/** A market's variables (ADYEN_API_KEY_SE…), each falling back to the shop-wide one. */
export function marketReader(env: Env, market: string): EnvReader {
  const suffix = market.toUpperCase();
  const own = (name: string) => `${name}_${suffix}`;
  return {
    get: (name) => setValue(env, own(name)) ?? setValue(env, name),
    name: (name) => (setValue(env, own(name)) !== undefined ? own(name) : name),
  };
}

export interface ProviderVariables<T> {
  /** ADYEN or KLARNA: the list of markets is `${prefix}_MARKETS`. */
  prefix: string;
  /** The variables a market may have its own value of (suffixed with its code: ADYEN_API_KEY_SE). */
  names: readonly string[];
  /** Variables that belong together (one set of credentials): a market setting one sets them all. */
  together: readonly (readonly string[])[];
  /** What a configuration cannot do without: missing, the market keeps the built-in provider. */
  required: readonly string[];
  /** One configuration, or null when a required variable is missing; a bad value throws, naming it. */
  parse(read: EnvReader): T | null;
}

const codeList = (codes: readonly string[]) => codes.map((code) => code.toUpperCase()).join(", ");

/**
 * A provider's configuration for each market, from the environment (decision 0059). The unsuffixed
 * variables are the shop-wide default; `NAME_<CODE>` (upper case: ADYEN_MERCHANT_ACCOUNT_SE) is a
 * market's own value; `<PREFIX>_MARKETS` (dk,se) switches the provider on for those markets only,
 * unset for every market whose settings are complete. A mistake fails the start with a message
 * naming the variable: a suffix or listed code that is no market, a market's own credentials given
 * in part, a listed market without credentials, a market's own setting for a market not listed.
 */
export function perMarketConfig<T>(
  env: Env,
  spec: ProviderVariables<T>,
  /** The shop's market codes (lower case: the markets module's). */
  marketCodes: readonly string[],
): ByMarket<T> {
  const MARKET_CODES = marketCodes;
  const listVariable = `${spec.prefix}_MARKETS`;
  // Longest first: no name is cut short by another that begins it.
  const names = [...spec.names].sort((a, b) => b.length - a.length);
  const ownSettings = new Map<string, string[]>();
  for (const key of Object.keys(env).sort()) {
    if (setValue(env, key) === undefined) continue;
    const name = names.find((candidate) => key.startsWith(`${candidate}_`));
    if (!name) continue;
    const suffix = key.slice(name.length + 1);
    const code = suffix.toLowerCase();
    if (suffix !== suffix.toUpperCase() || !MARKET_CODES.includes(code))
      throw new Error(
        `${key}: ${JSON.stringify(suffix)} is not a market of the shop; a market's own ${name} ends in its upper-case code (${codeList(MARKET_CODES)})`,
      );
    ownSettings.set(code, [...(ownSettings.get(code) ?? []), name]);
  }

  const listed = setValue(env, listVariable);
  let markets: Set<string> | null = null;
  if (listed) {
    markets = new Set();
    for (const item of listed.split(/[\s,]+/).filter(Boolean)) {
      const code = item.toLowerCase();
      if (!MARKET_CODES.includes(code))
        throw new Error(
          `${listVariable}: ${JSON.stringify(item)} is not a market of the shop (${MARKET_CODES.join(", ")})`,
        );
      markets.add(code);
    }
  }

  const shopWide = spec.parse(shopWideReader(env));
  const configs = new Map<string, T>();
  for (const code of MARKET_CODES) {
    const own = ownSettings.get(code) ?? [];
    const suffix = code.toUpperCase();
    if (markets && !markets.has(code)) {
      if (own.length > 0)
        throw new Error(`${own[0]}_${suffix} is set, but ${listVariable} does not name ${code}`);
      continue;
    }
    for (const group of spec.together) {
      const given = group.filter((name) => own.includes(name));
      const missing = group.filter((name) => !own.includes(name));
      if (given.length > 0 && missing.length > 0)
        throw new Error(
          `${given.map((name) => `${name}_${suffix}`).join(", ")} is set without ${missing.map((name) => `${name}_${suffix}`).join(", ")}: a market's own credentials go together`,
        );
    }
    const read = marketReader(env, code);
    const config = own.length > 0 ? spec.parse(read) : shopWide;
    if (config) {
      configs.set(code, config);
      continue;
    }
    if (markets || own.length > 0) {
      const missing = spec.required.filter((name) => read.get(name) === undefined);
      const why = markets ? `${listVariable} names ${code}` : `${own[0]}_${suffix} is set`;
      throw new Error(
        `${why}, but ${missing.map((name) => `${name}_${suffix} (or ${name})`).join(", ")} is not set`,
      );
    }
  }
  return Object.assign(configs, { shopWide });
}

/** Every distinct configuration (markets sharing the shop-wide one count once). */
export const distinctConfigs = <T>(byMarket: ByMarket<T>): T[] => [...new Set(byMarket.values())];
