/**
 * What a kept answer needs of the request's headers: the encoding to send (from Accept-Encoding) and whether the
 * client's copy is current (If-None-Match), both worked out without Koa's negotiator and freshness checks.
 */
import type Koa from 'koa';

/**
 * The encoding to send a kept page in, from the request's Accept-Encoding: the highest q among br, gzip and
 * identity, ties going to the smaller (br, then gzip); identity when nothing else is taken (RFC 9110 §12.5.3) —
 * the choice Koa's `acceptsEncodings` (negotiator) makes, without parsing each request's header again.
 * A site sees few distinct headers, each many times, so answers are remembered per header value (bounded).
 */
export type PageEncoding = 'br' | 'gzip' | 'identity';
const ENCODING_PREFERENCE: PageEncoding[] = ['br', 'gzip', 'identity'];
const encodingAnswers = new Map<string, PageEncoding>();

export function pageEncoding(
  acceptEncoding: string | undefined,
  offered: readonly PageEncoding[] = ENCODING_PREFERENCE,
) {
  const header = acceptEncoding ?? '';
  const key = `${offered.join(',')}|${header}`;
  let answer = encodingAnswers.get(key);
  if (answer === undefined) {
    const q = new Map<string, number>();
    for (const part of header.split(',')) {
      const [name = '', ...params] = part.trim().toLowerCase().split(';');
      if (!name) continue;
      const weight = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)).find(Boolean);
      q.set(name.trim(), weight ? Number(weight[1]) : 1);
    }
    const star = q.get('*');
    // Identity unnamed is acceptable, ranked with the least wanted encoding named (as Koa's negotiator does).
    const implicitIdentity = star ?? (q.size ? Math.min(...q.values()) : 1);
    const weightOf = (encoding: PageEncoding) =>
      q.get(encoding) ?? (encoding === 'identity' ? implicitIdentity : (star ?? 0));
    answer = 'identity';
    let best = -1;
    for (const encoding of offered) {
      const weight = weightOf(encoding);
      if (weight > 0 && weight > best) [answer, best] = [encoding, weight];
    }
    if (encodingAnswers.size >= 200) encodingAnswers.clear();
    encodingAnswers.set(key, answer);
  }
  return answer;
}

/**
 * Whether the client's copy (If-None-Match, weak comparison: RFC 9110 §13.1.2) is this ETag, so a 304 will do —
 * unless the request says `Cache-Control: no-cache`. (Koa's `ctx.fresh` answers the same, copying every response
 * header first; these callers know their one validator.)
 */
export function clientHas(ctx: Pick<Koa.Context, 'req'>, etag: string): boolean {
  const { headers } = ctx.req;
  const ifNoneMatch = headers['if-none-match'];
  if (!ifNoneMatch) return false;
  if (headers['cache-control'] && /(?:^|,)\s*no-cache\s*(?:,|$)/.test(headers['cache-control'])) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag.trim()) === opaque(etag));
}
