/**
 * Sharing (docs/performance.md) targets, in one run over the real app (in process) and a fresh database:
 *   - the résumé PDF of a 100-item profile (seedItems), drawn (a new profile version each time): p50 ≤ 300 ms,
 *     then kept per viewer class;
 *   - the link preview image (og.png): drawn cold (a new profile version each time) p50 ≤ 150 ms, then kept;
 *   - the visitor's kept public page with insight counting on vs off (autocannon, a browser's user agent, runs
 *     interleaved off/on/off/on…): on ≥ 0.95× off.
 * Options: pdfs=N (default 30), cold=N (og.png cold draws, default 10), duration=S (per load run, default 3),
 * rounds=N (off/on pairs, default 3), connections=N (default 10).
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { startTestApp } from '../test/helpers/app';
import { createUser } from '../test/helpers/users';
import { createProfileFor } from '../test/helpers/profiles';
import { inTransaction } from '../src/db/transaction';
import { insightCounter } from '../src/services/insights/counter';
import { quantile, targetLine, type Benchmark } from './lib';
import { seedItems } from './profile';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers: { 'User-Agent': BROWSER } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - started;
}

const p50 = (samples: number[]) =>
  quantile(
    [...samples].sort((a, b) => a - b),
    0.5,
  );

export const benchmark: Benchmark = {
  description: 'résumé PDF of a 100-item profile, og.png cold and kept, kept page rate with counting on vs off',
  async run({ log, options }) {
    const pdfs = Number(options.pdfs ?? 30);
    const cold = Number(options.cold ?? 10);
    const duration = Number(options.duration ?? 3);
    const rounds = Number(options.rounds ?? 3);
    const connections = Number(options.connections ?? 10);
    const app = await startTestApp({ rateLimitsEnabled: false });
    try {
      const owner = await createUser({ name: 'Jordan Bench-Reyes' });
      const profile = await createProfileFor(owner, { rank: 'Captain', title: 'Training Officer' });
      const seeded = await seedItems(app.db, profile.id, 100);
      log(seeded.note);
      const base = `${app.baseUrl}/profiles/${profile.id}`;

      // Résumé PDF: drawn (a new profile version each time: load, outline, PDF), then kept per viewer class.
      // Any write to the profile row is a new version (the database's trigger).
      const touch = () =>
        inTransaction(app.db, (trx) => trx('profiles').where('id', profile.id).update({ updatedAt: new Date() }));
      await timed(`${base}/resume.pdf`); // the font is parsed once per process
      const pdfSamples: number[] = [];
      for (let i = 0; i < pdfs; i++) {
        await touch();
        pdfSamples.push(await timed(`${base}/resume.pdf`));
      }
      const pdfKept: number[] = [];
      for (let i = 0; i < 50; i++) pdfKept.push(await timed(`${base}/resume.pdf`));
      const pdfBytes = (await (await fetch(`${base}/resume.pdf`)).arrayBuffer()).byteLength;

      // og.png: cold = the first request after the profile changed; kept = every request after that.
      const coldSamples: number[] = [];
      await timed(`${base}/og.png`);
      for (let i = 0; i < cold; i++) {
        await touch();
        coldSamples.push(await timed(`${base}/og.png`));
      }
      const keptSamples: number[] = [];
      for (let i = 0; i < 50; i++) keptSamples.push(await timed(`${base}/og.png`));

      // The kept public page, counting off and on, interleaved so drift hits both alike.
      const page = `${base}/public`;
      await timed(page);
      const rate = async (counting: boolean) => {
        insightCounter.enabled = counting;
        const result = await autocannon({
          url: page,
          connections,
          duration,
          headers: { 'User-Agent': BROWSER, Accept: 'text/html', 'Accept-Encoding': 'gzip' },
        });
        return result['2xx'] / result.duration;
      };
      await rate(false); // warm-up
      const off: number[] = [];
      const on: number[] = [];
      for (let i = 0; i < rounds; i++) {
        off.push(await rate(false));
        on.push(await rate(true));
      }
      insightCounter.enabled = true;
      await insightCounter.flush();
      const counted = await app
        .db('profile_insights')
        .where({ profileId: profile.id, metric: 'view' })
        .sum('count as n');
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

      log(
        targetLine({
          name: 'résumé PDF, 100-item profile, drawn, p50',
          value: p50(pdfSamples),
          unit: 'ms',
          target: 300,
          comparison: '<=',
          detail: `n=${pdfs}, max ${Math.max(...pdfSamples).toFixed(0)} ms, ${(pdfBytes / 1024).toFixed(0)} KB; kept afterwards p50 ${p50(pdfKept).toFixed(2)} ms (n=50)`,
        }),
      );
      log(
        targetLine({
          name: 'og.png drawn cold (new profile version), p50',
          value: p50(coldSamples),
          unit: 'ms',
          target: 150,
          comparison: '<=',
          detail: `n=${cold}; kept afterwards p50 ${p50(keptSamples).toFixed(2)} ms (n=50)`,
        }),
      );
      log(
        targetLine({
          name: 'kept public page rate, counting on vs off',
          value: sum(on) / sum(off),
          unit: 'x',
          target: 0.95,
          comparison: '>=',
          detail: `on ${on.map((r) => r.toFixed(0)).join('/')} req/s, off ${off
            .map((r) => r.toFixed(0))
            .join('/')} req/s @${connections}; ${Number((counted[0] as { n: string }).n)} views counted`,
        }),
      );
    } finally {
      await app.close();
    }
  },
};
