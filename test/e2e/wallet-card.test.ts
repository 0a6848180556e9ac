/**
 * The wallet card in a browser (docs/decisions/wallet-card.md), at 375 and 1280 px: the member's printable card
 * shows its QR; a reader opens /verify/scan once, goes offline, and the page (kept by its service worker) still
 * checks a token on the device: "Valid", then "Not signed by a known department" for a stranger's, and after a
 * revocation and one sync, "Revoked as of …" offline too.
 */
import path from 'node:path';
import test from 'ava';
import { CompactSign, decodeProtectedHeader, generateKeyPair } from 'jose';
import { clientAs } from '../helpers/app';
import { createUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { verifyMember } from '../helpers/verification';
import {
  openPage,
  assertNoHorizontalOverflow,
  assertNoBrowserErrors,
  SCREENSHOT_DIR,
  waitForIslands,
} from '../helpers/browser';
import { useBrowserApp } from '../helpers/browserApp';
import { seriousViolations } from '../helpers/axe';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });

/** A verified member, their link and their card's token. */
async function cardHolder(name: string) {
  const member = await createUser();
  await createProfileFor(member, { name, rank: 'Captain' });
  const [department] = (await app().db('departments').orderBy('id').limit(1).pluck('id')) as number[];
  await verifyMember(member.user.id, department!);
  const [linkId] = (await app()
    .db('user_departments')
    .where({ user_id: member.user.id, department_id: department })
    .pluck('id')) as number[];
  const client = clientAs(app(), member);
  const credential = JSON.parse((await client.get(`/account/credentials/${linkId}/credential.json`)).text);
  const row = await app()
    .db('issued_credentials')
    .where({ id: credential.id.replace('urn:uuid:', '') })
    .first();
  return { member, linkId: linkId!, client, token: row.cardToken as string };
}

test.serial('a printed card and an offline scan: Valid, unknown signer, Revoked as of the last sync', async (t) => {
  for (const width of [375, 1280]) {
    const { member, linkId, client, token } = await cardHolder(`Card Holder ${width}`);

    const own = await openPage(browser(), { width, height: 900, javaScriptEnabled: false });
    await own.page.setExtraHTTPHeaders({ Authorization: `Bearer ${member.token}` });
    await own.page.goto(`${app().baseUrl}/account/credentials/${linkId}/card`);
    const card = own.page.getByRole('article', { name: /membership card$/ });
    await card.getByText(`Card Holder ${width}`).waitFor();
    t.true(await own.page.locator('img[src$="/card.png"]').evaluate((img: HTMLImageElement) => img.naturalWidth > 0));
    await assertNoHorizontalOverflow(t, own.page, `card at ${width}`);
    await own.page.screenshot({ path: path.join(SCREENSHOT_DIR, `wallet-card-${width}.png`), fullPage: true });
    await own.page.emulateMedia({ media: 'print' });
    await own.page.screenshot({ path: path.join(SCREENSHOT_DIR, `wallet-card-print-${width}.png`) });
    await own.context.close();

    const reader = await openPage(browser(), { width, height: 900 });
    const { page, context } = reader;
    /** Loads the scanner (again) and waits until it holds the keys. */
    const open = async (offline: boolean) => {
      await context.setOffline(offline);
      await page.goto(`${app().baseUrl}/verify/scan`);
      await waitForIslands(page);
      await page
        .getByTestId('card-keys-status')
        .getByText(/^Keys and revocations as of/)
        .waitFor();
    };
    await open(false);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await open(true);
    let checks = 0;
    const check = async (value: string) => {
      await page.getByLabel("Card token (the text of the card's QR code)").fill(value);
      await page.getByRole('button', { name: 'Check' }).click();
      const result = page.locator(`[data-testid="card-scan-result"][data-check="${++checks}"]`);
      return (await result.getByRole('status').textContent()) ?? '';
    };
    t.is(await check(token), 'Valid');
    await page.getByText(`Card Holder ${width}`).waitFor();
    await assertNoHorizontalOverflow(t, page, `scan result at ${width}`);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `card-scan-valid-${width}.png`), fullPage: true });

    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const stray = await new CompactSign(Buffer.from(token.split('.')[1]!, 'base64url'))
      .setProtectedHeader(decodeProtectedHeader(token) as { alg: string })
      .sign(privateKey);
    t.is(await check(stray), 'Not signed by a known department');

    // Revoked while the reader is offline: the reader still has the last sync's list.
    t.is((await client.postForm(`/account/credentials/${linkId}/revoke`, {})).status, 303);
    t.is(await check(token), 'Valid');
    // One sync (online), then offline again: revoked as of that sync.
    await open(false);
    await context.setOffline(true);
    checks = 0;
    t.regex(await check(token), /^Revoked as of [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `card-scan-revoked-${width}.png`), fullPage: true });
    assertNoBrowserErrors(t, reader, [/Failed to load resource|ERR_INTERNET_DISCONNECTED/]);
    await context.close();

    t.deepEqual(
      await seriousViolations(browser(), `${app().baseUrl}/verify/scan`, { width }),
      [],
      'axe on the scanner',
    );
  }
});
