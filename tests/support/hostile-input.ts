import fc from "fast-check";

/**
 * Hostile input for tests that send requests a form never would: generators of text, numbers and
 * shapes (fast-check), the changes that spoil one field of a well-formed request, and the encoders
 * that put any of it into a path, a query or a form body. Nothing here knows the shop; the fuzz
 * suite (`tests/api/fuzz-every-route.test.ts`) adds what a real client knows.
 */

/** Keys that name Object's own properties: a careless `obj[key]` finds a function, not a field. */
export const PROTOTYPE_KEYS = [
  "constructor",
  "toString",
  "__proto__",
  "hasOwnProperty",
  "valueOf",
  "isPrototypeOf",
  "__defineGetter__",
  "prototype",
] as const;

/**
 * Text no form sends: empty, blank, NUL, lone surrogates, emoji and joined emoji, right-to-left
 * overrides, other scripts, zero-width characters, injections, numbers and words as text, very long.
 */
export const hostileText = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "\udfff",
    "x\ud83d",
    "⚽",
    "👨‍👩‍👧‍👦",
    "\u202eevil.exe",
    "مرحبا بالعالم",
    "שלום עולם",
    "Ørsted Æblegrød Ñandú",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
    "\u200b\u200d\ufeff",
    "%00",
    "%s%n%x",
    "../../etc/passwd",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "\\",
    "\r\n\t",
    "null",
    "undefined",
    "NaN",
    "Infinity",
    "-1",
    "0",
    "1.5",
    "2147483648",
    "-2147483649",
    "99999999999999999999999",
    "1e309",
    "0x10",
    " 12 ",
    "true",
    "[]",
    "{}",
    ...PROTOTYPE_KEYS,
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  // Any UTF-16 code units, lone surrogates and NUL included.
  fc.string({
    unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
    maxLength: 20,
  }),
  fc.integer({ min: 100, max: 20_000 }).map((length) => "x".repeat(length)),
  fc.integer({ min: 10, max: 2_000 }).map((length) => "😀".repeat(length)),
);

/** Numbers at and beyond the edges: PostgreSQL's integer, JavaScript's safe integers, fractions. */
export const hostileNumber = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    2_147_483_647,
    2_147_483_648,
    4_294_967_296,
    -2_147_483_649,
    Number.MAX_SAFE_INTEGER,
    2 ** 53 + 2,
    1e15,
    1e308,
    -1e308,
    0.5,
    1.5,
    5e-324,
    100,
  ),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** What a database or an encoder chokes on: NUL and halves of surrogate pairs. */
export const poison = fc.constantFrom("\u0000", "\ud800", "\udfff", "\ud83d", "\u0000\u0000");

/** Ordinary-looking text with poison put in somewhere. */
export const poisoned = (base: fc.Arbitrary<string>) =>
  fc.tuple(base, poison, fc.nat()).map(([text, bad, at]) => {
    const index = at % (text.length + 1);
    return text.slice(0, index) + bad + text.slice(index);
  });

export const hostileShape: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 4 }),
  fc.dictionary(fc.constantFrom(...PROTOTYPE_KEYS), fc.oneof(fc.string({ maxLength: 5 }), fc.constant({})), {
    maxKeys: 3,
  }),
  fc.jsonValue({ maxDepth: 3 }),
  // Deep nesting.
  fc.integer({ min: 50, max: 3_000 }).map((depth) => {
    let value: unknown = "x";
    for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { a: value };
    return value;
  }),
);

export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  { weight: 2, arbitrary: poisoned(fc.string({ maxLength: 12 })) },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: hostileNumber.map(String) },
  { weight: 2, arbitrary: hostileShape },
);

/** A value a client would send, spoiled: poison in its text, or a number beyond the edges. */
export const spoiled = (value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof(
    poisoned(value.map((item) => asText(item))),
    hostileNumber,
    hostileNumber.map(String),
    value.map((item) => [item, item]),
  );

/** An object without a prototype, so that keys named like Object's own properties are plain keys. */
export const plainObject = (entries: [string, unknown][]) => {
  const body: Record<string, unknown> = Object.create(null);
  for (const [key, value] of entries) if (value !== undefined && !Object.hasOwn(body, key)) body[key] = value;
  return body;
};

/** Percent-encoding of any UTF-16 text, lone surrogates included (as the bytes a careless client sends). */
export function encode(text: string): string {
  let out = "";
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff)
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join("");
    else out += encodeURIComponent(char);
  }
  return out;
}

/** A value as the text a query, path or form carries: objects as JSON. */
export const asText = (value: unknown): string =>
  typeof value === "string"
    ? value
    : typeof value === "object" && value !== null
      ? JSON.stringify(value)
      : String(value);

/** Raw fragments no encoder would make: a bare %, invalid UTF-8, separators. */
export const rawFragment = fc.constantFrom(
  "%",
  "%ZZ",
  "%ED%A0%80",
  "%FF%FE",
  "%C0%80",
  "%00",
  "%2F",
  "%2e%2e",
  "&&",
  "=",
  "+",
  "%25",
);

/** One change to an otherwise well-formed request. */
export type Change =
  | { kind: "poison"; bad: string; at: number }
  | { kind: "replace"; value: unknown }
  | { kind: "drop" }
  | { kind: "twice"; value: unknown }
  | { kind: "extra"; key: string; value: unknown };

export const change: fc.Arbitrary<Change> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("poison" as const), bad: poison, at: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("replace" as const),
      value: fc.oneof(hostileNumber, hostileNumber.map(String), hostile),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "drop" as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("twice" as const), value: hostileText }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("extra" as const),
      key: fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), hostileText),
      value: hostile,
    }),
  },
);

/** Where a change lands: a path parameter, a query parameter or a place in the body (by number). */
export type Where = "path" | "query" | "body";

export const poisonedText = (value: unknown, bad: string, at: number) => {
  const text = asText(value);
  const index = at % (text.length + 1);
  return text.slice(0, index) + bad + text.slice(index);
};

/** Applies a change to a list of name/value pairs (path parameters or the query). */
export function changePairs(pairs: [string, unknown][], which: number, what: Change): [string, unknown][] {
  if (what.kind === "extra") return [...pairs, [what.key, what.value]];
  if (pairs.length === 0) return pairs;
  const index = which % pairs.length;
  const [name, value] = pairs[index] as [string, unknown];
  const changed = [...pairs];
  if (what.kind === "poison") changed[index] = [name, poisonedText(value, what.bad, what.at)];
  else if (what.kind === "replace") changed[index] = [name, what.value];
  else if (what.kind === "drop") changed[index] = [name, ""];
  else changed.push([name, what.value]);
  return changed;
}

/** Every place in a body (objects' keys and arrays' items, at any depth), as parent and key. */
export function placesIn(body: unknown): [Record<string, unknown> | unknown[], string | number][] {
  const places: [Record<string, unknown> | unknown[], string | number][] = [];
  const pending = [body];
  while (pending.length > 0 && places.length < 200) {
    const value = pending.pop();
    if (Array.isArray(value))
      value.forEach((item, index) => {
        places.push([value, index]);
        pending.push(item);
      });
    else if (value !== null && typeof value === "object")
      for (const [key, item] of Object.entries(value)) {
        places.push([value as Record<string, unknown>, key]);
        pending.push(item);
      }
  }
  return places;
}

/** A copy of parsed data, however deep (without recursion), keys named __proto__ kept as keys. */
export function copyOf(value: unknown): unknown {
  const fresh = (item: unknown) =>
    Array.isArray(item) ? [] : item !== null && typeof item === "object" ? Object.create(null) : item;
  const root = fresh(value);
  const pending: [unknown, unknown][] = [[value, root]];
  while (pending.length > 0) {
    const [from, to] = pending.pop() as [Record<string, unknown>, Record<string, unknown>];
    if (from === null || typeof from !== "object") continue;
    for (const [key, item] of Object.entries(from)) {
      const copied = fresh(item);
      Object.defineProperty(to, key, { value: copied, enumerable: true, writable: true, configurable: true });
      pending.push([item, copied]);
    }
  }
  return root;
}

/** Applies a change to a copy of the body; `which` past the last place changes the body itself. */
export function changeBody(body: unknown, which: number, what: Change): unknown {
  const copy = copyOf(body);
  const places = placesIn(copy);
  if (which % (places.length + 1) === places.length) {
    if (what.kind === "replace") return what.value;
    if (what.kind === "poison") return poisonedText(copy, what.bad, what.at);
    if (what.kind === "twice") return [copy, what.value];
  }
  if (places.length === 0) return copy;
  const [parent, key] = places[which % places.length] as [Record<string, unknown>, string];
  if (what.kind === "extra") {
    // Defined, not assigned, so that a key named __proto__ is a key.
    if (!Array.isArray(parent))
      Object.defineProperty(parent, what.key, {
        value: what.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  } else if (what.kind === "poison") parent[key] = poisonedText(parent[key], what.bad, what.at);
  else if (what.kind === "replace") parent[key] = what.value;
  else if (what.kind === "twice") parent[key] = [parent[key], what.value];
  else if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete parent[key];
  return copy;
}

/** The changes every field of every route gets once, whatever the random cases do. */
export const SWEEP: Change[] = [
  { kind: "poison", bad: "\u0000", at: 1 },
  { kind: "poison", bad: "\ud800", at: 1_000 },
  { kind: "replace", value: 2_147_483_648 },
  { kind: "replace", value: "2147483648" },
  { kind: "replace", value: Number.MAX_SAFE_INTEGER },
  { kind: "replace", value: -1 },
  { kind: "replace", value: 1.5 },
  { kind: "replace", value: "" },
  { kind: "replace", value: null },
  { kind: "replace", value: [] },
  { kind: "replace", value: {} },
  { kind: "replace", value: "ü".repeat(5_000) },
  { kind: "drop" },
];
/** And once per route, beside the declared fields. */
export const SWEEP_ONCE: Change[] = [
  { kind: "extra", key: "constructor", value: {} },
  { kind: "extra", key: "__proto__", value: { polluted: true } },
  { kind: "extra", key: "toString", value: "x" },
  { kind: "replace", value: [{}] },
];

/** A form body: top-level keys, each value as text (arrays as the key repeated). */
export function formOf(value: unknown): string {
  if (value === null || typeof value !== "object") return encode(asText(value));
  const pairs: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    for (const one of Array.isArray(item) ? item : [item])
      pairs.push(`${encode(key)}=${encode(asText(one))}`);
  }
  return pairs.join("&");
}
