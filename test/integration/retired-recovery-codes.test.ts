/**
 * Owners whose recovery codes an upgrade retired are told by e-mail, once (docs/decisions/recovery-codes-keyed-hash.md):
 * the account-data job mails each `recovery_codes_retired` event's owner, a failed send is tried again by the next
 * run, and a deactivated account gets nothing.
 */
import test from 'ava';
import { runAccountDataJob } from '../../src/db/accountDataJob';
import { createLogger } from '../../src/log';
import type { MailMessage } from '../../src/services/mail';
import { createMediaStore } from '../../src/services/photos/store';
import { startTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';

let app: TestApp;
const silent = createLogger({ logLevel: 'silent', nodeEnv: 'test' });
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(() => app?.close());

function jobWith(send: (message: MailMessage) => Promise<void>) {
  return {
    db: app.db,
    logger: silent,
    mailer: { send, close() {} },
    mediaStore: createMediaStore(app.config, silent),
    config: app.config,
  };
}

/** What the recovery-code migration writes for an owner who still had unused codes. */
const retiredFor = (userId: number) =>
  app.db('security_events').insert({ user_id: userId, kind: 'recovery_codes_retired', detail: { retired: 8 } });

test.serial('each owner is mailed once, with the link to Security; a failed send waits for the next run', async (t) => {
  const owner = await createUser();
  const gone = await createUser();
  await app.db('users').where('id', gone.user.id).update({ isActive: false });
  await retiredFor(owner.user.id);
  await retiredFor(gone.user.id);

  const down = await runAccountDataJob(
    jobWith(async () => {
      throw new Error('SMTP is down');
    }),
    new Date(),
  );
  t.is(down.retiredCodesNotices, 0);
  const mails: MailMessage[] = [];
  const job = jobWith(async (message) => void mails.push(message));
  t.is((await runAccountDataJob(job, new Date())).retiredCodesNotices, 2, 'both events are done');
  t.deepEqual(
    mails.map((m) => m.to),
    [owner.user.email],
    'the deactivated account is not mailed',
  );
  t.regex(mails[0]!.subject, /^Make new recovery codes for your /);
  t.true(mails[0]!.text.includes(`${app.baseUrl}/account-settings#security`), mails[0]!.text);

  t.is((await runAccountDataJob(job, new Date())).retiredCodesNotices, 0);
  t.is(mails.length, 1, 'once');
});
