/** Dates cross to JSON and island props as ISO 8601 strings (props must be plain JSON). */
export const iso = (value: Date | string): string => {
  // Rows read as JSON (a profile's lists) carry Postgres' own text of a UTC timestamp: rewritten without parsing a
  // Date (a page presents ~200 of them). Anything else, parsed.
  if (typeof value === 'string') {
    const utc = POSTGRES_UTC.exec(value);
    if (utc) return `${utc[1]}.${(utc[2] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  }
  return new Date(value).toISOString();
};

/** `2026-11-24T05:31:14.123456+00:00`: seconds, up to six fractional digits, in UTC. */
const POSTGRES_UTC = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00:00$/;
