/**
 * Turning two-factor on (docs/decisions/two-factor.md, docs/performance.md): the server time of the confirming
 * post (`intent=totp-confirm`: the first code checked, ten recovery codes made and stored, the other sessions
 * ended, the security event recorded), over the real app (in process) and a fresh database: p50 ≤ 300 ms.
 * Each round is a new account that signs in, starts enrolment and confirms it with its app's current code; only
 * the confirming post is timed (the sign-in's password hash is not part of it).
 * The recovery codes are keyed hashes (docs/decisions/recovery-codes-keyed-hash.md); ten slow password hashes here
 * were what once made this post take seconds.
 * Options: enrolments=N (default 10).
 */
import { performance } from 'node:perf_hooks';
import { Secret, TOTP } from 'otpauth';
import { startTestApp } from '../test/helpers/app';
import { createUser } from '../test/helpers/users';
import { quantile, targetLine, type Benchmark } from './lib';

export const benchmark: Benchmark = {
  description: 'two-factor confirmation (first code, ten recovery codes, other sessions ended): server time',
  async run({ log, options }) {
    const enrolments = Number(options.enrolments ?? 10);
    const app = await startTestApp({ rateLimitsEnabled: false });
    try {
      const samples: number[] = [];
      for (let i = 0; i < enrolments; i++) {
        const account = await createUser();
        const client = app.client();
        await client.postForm('/login', { email: account.user.email, password: account.password });
        await client.postForm('/account-settings', { intent: 'totp-start' });
        const page = await client.get('/account-settings');
        const secret = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(page.text)?.[1]?.replace(/ /g, '');
        if (!secret) throw new Error('no pending enrolment shown');
        const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
        const started = performance.now();
        const confirmed = await client.postForm('/account-settings', { intent: 'totp-confirm', code });
        samples.push(performance.now() - started);
        if (confirmed.status !== 303) throw new Error(`totp-confirm: ${confirmed.status}`);
      }
      const sorted = [...samples].sort((a, b) => a - b);
      log(
        targetLine({
          name: 'two-factor confirmation p50',
          value: quantile(sorted, 0.5),
          unit: 'ms',
          target: 300,
          comparison: '<=',
          detail: `n=${samples.length}, max ${sorted[sorted.length - 1]!.toFixed(0)} ms`,
        }),
      );
    } finally {
      await app.close();
    }
  },
};
