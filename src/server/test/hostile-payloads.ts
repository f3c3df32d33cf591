import fc from 'fast-check';

/**
 * Hostile JSON bodies for property tests. Payloads are built as a small tree and serialised
 * by hand, so that they can hold what JSON.stringify cannot write: own `__proto__` keys,
 * `-0`, numbers beyond a double (`1e400`) and nesting deeper than any recursive serialiser.
 */

/** JSON text inserted as is (also how the huge values travel: counterexamples print them short). */
export class RawJson {
  constructor(readonly json: string) {}
  [fc.toStringMethod](): string {
    const { json } = this;
    return json.length <= 60 ? `RawJson(${json})` : `RawJson(${json.slice(0, 30)}…${json.slice(-10)}, ${json.length} chars)`;
  }
}

/** A JSON object as ordered entries: any key, `__proto__` included, is an own key. */
export class JsonObject {
  constructor(readonly entries: [string, JsonTree][]) {}
  [fc.toStringMethod](): string {
    return `{${this.entries.map(([k, v]) => `${JSON.stringify(k)}: ${fc.stringify(v)}`).join(', ')}}`;
  }
}

export type JsonTree = null | boolean | number | string | JsonTree[] | JsonObject | RawJson;

export function toJsonText(value: JsonTree): string {
  if (value instanceof RawJson) return value.json;
  if (value instanceof JsonObject) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (Object.is(value, -0)) return '-0';
  return JSON.stringify(value) ?? 'null';
}

/** A plain value (a valid body) → tree. */
export function toTree(value: unknown): JsonTree {
  if (Array.isArray(value)) return value.map(toTree);
  if (value !== null && typeof value === 'object') return new JsonObject(Object.entries(value).map(([k, v]) => [k, toTree(v)]));
  return value as JsonTree;
}

/** Keys that have broken JavaScript servers: prototype pollution and shadowed built-ins. */
export const HOSTILE_KEYS = [
  '__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'toJSON', 'then', 'length',
  'owner_id', 'user_id', 'is_active', 'id', 'number', 'total_cents', '', ' ', 'a.b', '$where', 'polluted',
];

/** The property a successful pollution would set on Object.prototype. */
export const POLLUTION_MARK = 'polluted';

const KIB = 1024;
export const BODY_LIMIT = 2 * KIB * KIB;
const huge = (size: number, unit = 'x') => new RawJson(JSON.stringify(unit.repeat(Math.ceil(size / unit.length))));

const nested = (depth: number, open: string, leaf: string, close: string) => new RawJson(open.repeat(depth) + leaf + close.repeat(depth));

/** Payload pieces too big or too deep to draw at random: always tried through `examples`. */
export const EXTREME_VALUES: JsonTree[] = [
  huge(100 * KIB),
  huge(100 * KIB, 'é€😀'),
  // Just under the body limit once wrapped in a valid body.
  huge(BODY_LIMIT - 4 * KIB),
  nested(5_000, '[', '1', ']'),
  nested(5_000, '{"a":', '1', '}'),
  new JsonObject([['__proto__', new JsonObject([[POLLUTION_MARK, 'oui'], ['toString', 1]])]]),
  new JsonObject([['constructor', new JsonObject([['prototype', new JsonObject([[POLLUTION_MARK, 'oui']])]])]]),
  Array.from({ length: 5_000 }, (_, i) => i),
];

/** Raw numbers JSON allows but a double cannot hold, and other numeric traps. */
const NUMERIC_TRAPS: JsonTree[] = [
  0, -0, -1, -0.01, 1.5, 0.125, 0.1 + 0.2, 12.345678901234, 1e-7, 5e-324, 1e21, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER,
  new RawJson('1e400'), new RawJson('-1e400'), new RawJson('123456789012345678901234567890'),
  new RawJson('0.1000000000000000000000000001'), new RawJson('1E2'),
];

const STRING_TRAPS: JsonTree[] = [
  '', ' ', '   \t\n', 'NaN', 'Infinity', '-Infinity', '-0', '1e308', '1e400', '0x10', '1,5', '12.345', '-5', '١٢٣', 'null', 'true',
  '[]', '{}', '2026-02-30', '2026-13-01', '0000-00-00', '9999-12-31', '2026-01-01T25:61:00Z', '+275760-09-13',
  'a\u0000b', '\u0000', '\u0007\u001b[2J', '\ud800', '\udfff\ud800', 'e\u0301', '\u202e\u0645', '\ufeff', '\uffff',
  // Outside XML 1.0 (issue 23: an invoice's Factur-X XML cannot hold them), and just inside.
  'Con\uffffception', '\ufffe', 'a\u000bb', 'x\udc00', '\ufffd', '\u{10ffff}',
  "' OR 1=1 --", '"; DROP TABLE contacts; --', '<script>alert(1)</script>', '=HYPERLINK("x")', '%s%n%x', '../../../etc/passwd',
  '__proto__', 'constructor', 'toString', 'draft', 'sent', 'client', 'en_cours',
];

const scalar: fc.Arbitrary<JsonTree> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NUMERIC_TRAPS, ...STRING_TRAPS, null, true, false) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
);

const hostileKey = fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 12 }));

/** Any JSON value, biased towards the traps above, a few levels deep. */
export const hostileValue: fc.Arbitrary<JsonTree> = fc.letrec<{ value: JsonTree }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 }).map((entries) => new JsonObject(entries)),
    },
  ),
})).value;

/**
 * One edit of a valid body: a slot set to a hostile value, removed, or a hostile key added; or
 * every string (every number) of the body replaced by one value of the right type. The last two
 * keep the body otherwise valid, so the value reaches the database instead of the validator.
 */
export type Edit =
  | { kind: 'set'; at: number; value: JsonTree }
  | { kind: 'remove'; at: number }
  | { kind: 'add'; at: number; key: string; value: JsonTree }
  | { kind: 'strings'; value: JsonTree }
  | { kind: 'numbers'; value: JsonTree };

export interface HostilePlan {
  /** Replaces the whole body when set. */
  whole: JsonTree | undefined;
  edits: Edit[];
  /** Wraps the edited body in an array. */
  wrap: boolean;
  contentType: string;
}

const stringTrap = fc.oneof(fc.constantFrom(...STRING_TRAPS), fc.string({ unit: 'binary', maxLength: 40 }));
const numberTrap = fc.oneof(fc.constantFrom(...NUMERIC_TRAPS), fc.double({ noNaN: true }), fc.integer());

export const editArb: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: hostileValue }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('add' as const), at: fc.nat(), key: hostileKey, value: hostileValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('strings' as const), value: stringTrap }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('numbers' as const), value: numberTrap }) },
);

export const planArb: fc.Arbitrary<HostilePlan> = fc.record({
  whole: fc.option(hostileValue, { freq: 6, nil: undefined }),
  // Mostly one edit: with several, one of them is usually refused first and hides the others.
  edits: fc.oneof({ weight: 3, arbitrary: editArb.map((e) => [e]) }, { weight: 1, arbitrary: fc.array(editArb, { minLength: 2, maxLength: 3 }) }),
  wrap: fc.nat(9).map((n) => n === 0),
  contentType: fc.constantFrom(
    'application/json', 'application/json', 'application/json', 'application/json', 'application/json; charset=utf-8',
    'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1',
  ),
});

/** Every slot (object entry or array element) of a tree, depth first, and every object. */
function slotsOf(tree: JsonTree) {
  const slots: { container: JsonTree[] | [string, JsonTree][]; index: number; isEntry: boolean }[] = [];
  const objects: JsonObject[] = [];
  const walk = (node: JsonTree) => {
    if (node instanceof JsonObject) {
      objects.push(node);
      node.entries.forEach((entry, index) => {
        slots.push({ container: node.entries, index, isEntry: true });
        walk(entry[1]);
      });
    } else if (Array.isArray(node)) {
      node.forEach((child, index) => {
        slots.push({ container: node, index, isEntry: false });
        walk(child);
      });
    }
  };
  walk(tree);
  return { slots, objects };
}

/** Applies a plan to a valid body (undefined: a route without body) and returns the JSON text. */
export function hostileBody(valid: unknown, plan: HostilePlan): string {
  if (plan.whole !== undefined) return toJsonText(plan.whole);
  const tree = toTree(valid ?? {});
  for (const edit of plan.edits) {
    const { slots, objects } = slotsOf(tree);
    if (edit.kind === 'strings' || edit.kind === 'numbers') {
      const type = edit.kind === 'strings' ? 'string' : 'number';
      for (const slot of slots) {
        if (slot.isEntry) {
          const entry = (slot.container as [string, JsonTree][])[slot.index];
          if (typeof entry[1] === type) entry[1] = edit.value;
        } else if (typeof (slot.container as JsonTree[])[slot.index] === type) {
          (slot.container as JsonTree[])[slot.index] = edit.value;
        }
      }
      continue;
    }
    if (edit.kind === 'add') {
      if (objects.length) objects[edit.at % objects.length].entries.push([edit.key, edit.value]);
      continue;
    }
    if (!slots.length) continue;
    const slot = slots[edit.at % slots.length];
    if (edit.kind === 'remove') slot.container.splice(slot.index, 1);
    else if (slot.isEntry) (slot.container as [string, JsonTree][])[slot.index][1] = edit.value;
    else (slot.container as JsonTree[])[slot.index] = edit.value;
  }
  return toJsonText(plan.wrap ? [tree] : tree);
}

/** Filter names the list routes read, and the query-string traps thrown at them. */
const QUERY_KEYS = [
  'q', 'status', 'status__in', 'priority', 'priority__in', 'project', 'project__in', 'contact', 'client', 'limit',
  'exclude_status', 'payment_date__gte', 'due_soon', 'ordering', 'page', 'months', 'page_size', 'cursor', 'search', 'issue_date__gte', ...HOSTILE_KEYS,
];

/** Percent-encodes the UTF-8 bytes of any string (lone surrogates included, which encodeURIComponent refuses). */
const percentEncode = (text: string) => [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

const queryValue = fc.oneof(
  fc.constantFrom(...STRING_TRAPS.filter((v): v is string => typeof v === 'string')).map(percentEncode),
  fc.string({ unit: 'binary', maxLength: 30 }).map(percentEncode),
  fc.constantFrom('1', '-1', '0', '1e308', '99999999999', '1,2,3', ',,,', `${'1,'.repeat(150)}1`, '%', '%E9', '%00', '%ZZ', 'a&b', '', 'x'.repeat(3000)),
);

/** A query string: known and hostile names, repeated names, `a[b]` forms, broken escapes. */
export const queryArb: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.constantFrom('status[]', 'a[b][c]', '__proto__[x]', '%', '')), queryValue),
    { minLength: 1, maxLength: 5 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));

/** Path segments that are not a valid id: each must be a 404, never a 500. */
export const BAD_IDS = [
  '0', '-1', 'abc', '1.5', '1e3', '0x1', '00001', ' 1', '2147483648', '99999999999999999999', 'null', 'undefined', 'NaN',
  '__proto__', 'constructor', '%00', '%C0%AF', '%F0%9F%98%80', '%E9', '1;DROP', "1'", 'x'.repeat(300),
];
