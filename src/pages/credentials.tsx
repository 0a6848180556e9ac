/**
 * Verifiable credentials (docs/decisions/verifiable-credentials.md):
 * - GET /.well-known/did.json, GET /departments/{id}/did.json: the instance's and a department's did:web
 *   documents (every key the department ever signed with);
 * - GET /departments/{id}/credentials/status: the department's signed Bitstring Status List (cacheable);
 * - GET /account/credentials/{linkId}/credential.json: the member's credential file (signed once per change);
 *   GET /account/credentials/{linkId}/verify: to its public verify page; …/card and …/card.png: the printable
 *   wallet card and its QR, …/card.pkpass and …/google-wallet: the card in Apple and Google Wallet when set up
 *   (docs/decisions/wallet-card.md); POST …/reissue and …/revoke;
 * - GET /verify, POST /verify: paste a credential, see in plain words what it shows; GET /verify/{uuid}: one of
 *   ours. No script on any of them. The verify pages are noindex: a credential is found only by who holds it.
 * - GET /verify/scan (the one page here with script), /verify/sw.js, /verify/keys.json and POST /verify/token:
 *   check a membership card's QR token, offline on the device or on the server (docs/decisions/wallet-card.md).
 */
import Router from '@koa/router';
import type Koa from 'koa';
import { object, string } from 'yup';
import { nowOf } from '../http/clock';
import type { AppContext } from '../http/appContext';
import type { RequestContext, SignedInContext, WriteContext, VisitorWriteContext } from '../http/context';
import { signedInPage } from '../http/pageGuards';
import { transaction } from '../http/transaction';
import { validate, type InputOf } from '../http/validate';
import { NotFoundError, PayloadTooLargeError, ValidationError } from '../errors';
import { Department } from '../models/Department';
import type { IssuedCredential } from '../models/IssuedCredential';
import { renderPage } from '../render/renderPage';
import { departmentDid, didDocument, DID_CONTEXT, instanceDid } from '../services/verifiableCredentials/did';
import { cardClaims, cardKeys, cardKeysVersion, withCardToken } from '../services/verifiableCredentials/cardToken';
import { applePass, googleSaveLink } from '../services/verifiableCredentials/walletPasses';
import { departmentKeys } from '../services/verifiableCredentials/keys';
import { heldCredential, memberCredential, revokeMemberCredential } from '../services/verifiableCredentials/member';
import { statusListCredential } from '../services/verifiableCredentials/statusList';
import { keptCredential, parseCredential, verifyCredential } from '../services/verifiableCredentials/verify';
import { id } from '../validation/common';
import { MAX_CREDENTIAL_BYTES, VERIFY_MESSAGES, type VerificationReport } from '../validation/verifiableCredentials';
import { readFileUpload } from '../http/fileUpload';
import { VerifyPage, type VerifyPageProps } from '../../views/pages/VerifyPage';
import { WalletCardPage } from '../../views/pages/WalletCardPage';
import { VerifyScanPage, type VerifyScanPageProps } from '../../views/pages/VerifyScanPage';
import { KEYS_PATH, SCAN_PATH, SERVICE_WORKER_PATH, verifyServiceWorker } from '../render/verifyServiceWorker';
import {
  CARD_MESSAGES,
  CARD_TOKEN_MAX_LENGTH,
  checkCardToken,
  type CardKeysDocument,
  type CardScannerProps,
} from '../validation/cardToken';
import { qrPng } from '../render/share/qr';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const byDepartment = { params: object({ id: id('Department not found') }) };
const byLink = { params: object({ linkId: id('Department link not found') }) };
const byCredential = { params: object({ id: string().matches(UUID, 'Credential not found').required() }) };
const pasted = { body: object({ credential: string().default('') }) };
const postedToken = { body: object({ token: string().default('') }) };

/** A credential file chosen on /verify: read with the paste's own limit. */
const CREDENTIAL_UPLOAD = {
  maxBytes: MAX_CREDENTIAL_BYTES,
  tooLarge: VERIFY_MESSAGES.tooLarge,
  fileRequired: VERIFY_MESSAGES.noFile,
  rawTypes: [],
  unsupported: VERIFY_MESSAGES.noFile,
};

/** The file's text; bytes that are not UTF-8 are not a credential. */
function decodeUpload(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ValidationError(VERIFY_MESSAGES.notJson, { file: VERIFY_MESSAGES.notJson });
  }
}

/** The card's QR as a PNG: sharp when printed 30 mm wide at 300 dpi. */
const CARD_QR_PIXELS = 512;

/** Public keys and status lists change seldom and are safe to share: caches may keep them briefly. */
const PUBLIC_SHORT = 'public, max-age=60';

export function credentialRoutes({ config, rateLimits, pages }: AppContext): Router {
  const router = new Router();
  const deps = () => ({
    baseUrl: config.baseUrl,
    productName: config.productName,
    credentialKey: config.credentialKey,
  });

  const sendJson = (ctx: Koa.Context, body: unknown, cacheControl: string, type = 'application/json') => {
    ctx.set('Cache-Control', cacheControl);
    ctx.type = type;
    ctx.body = JSON.stringify(body);
  };

  router.get('/.well-known/did.json', (ctx) =>
    sendJson(ctx, { '@context': [DID_CONTEXT], id: instanceDid(config.baseUrl) }, PUBLIC_SHORT, 'application/did+json'),
  );

  router.get(
    '/departments/:id/did.json',
    validate(byDepartment),
    async (ctx: RequestContext<InputOf<typeof byDepartment>>) => {
      const departmentId = ctx.state.input.params.id;
      if (!(await Department.query().findById(departmentId))) throw new NotFoundError('Department not found');
      const did = departmentDid(config.baseUrl, departmentId);
      sendJson(ctx, didDocument(did, await departmentKeys(departmentId)), PUBLIC_SHORT, 'application/did+json');
    },
  );

  router.get(
    '/departments/:id/credentials/status',
    validate(byDepartment),
    transaction(),
    async (ctx: VisitorWriteContext<InputOf<typeof byDepartment>>) => {
      const departmentId = ctx.state.input.params.id;
      if (!(await Department.query(ctx.state.trx).findById(departmentId)))
        throw new NotFoundError('Department not found');
      const list = await statusListCredential(ctx.state.trx, departmentId, deps());
      ctx.set('ETag', list.etag);
      ctx.set('Cache-Control', PUBLIC_SHORT);
      ctx.type = 'application/vc+ld+json';
      if (ctx.fresh) {
        ctx.status = 304;
        return;
      }
      ctx.body = list.body;
    },
  );

  // The member's current credential (signed again only when its facts changed): the file, its public page, the
  // printable card and the card's QR (docs/decisions/wallet-card.md).
  type MemberContext = WriteContext<InputOf<typeof byLink>>;
  const cardOf = (ctx: MemberContext, credential: IssuedCredential) => withCardToken(ctx.state.trx, credential, deps());
  const walletCard = async (ctx: MemberContext, credential: IssuedCredential) => ({
    credentialId: credential.id,
    token: (await cardOf(ctx, credential)).cardToken,
    claims: cardClaims(credential.document, Infinity),
  });
  const memberAnswers = {
    'credential.json': async (ctx: MemberContext, credential: IssuedCredential) => {
      ctx.set('Content-Disposition', 'attachment; filename="credential.json"');
      sendJson(ctx, credential.document, 'private, no-store', 'application/vc+ld+json');
    },
    verify: async (ctx: MemberContext, credential: IssuedCredential) => ctx.redirect(`/verify/${credential.id}`),
    card: async (ctx: MemberContext, credential: IssuedCredential) => {
      await cardOf(ctx, credential);
      const base = `/account/credentials/${ctx.state.input.params.linkId}`;
      const claims = cardClaims(credential.document, Infinity);
      ctx.set('Cache-Control', 'private, no-store');
      await renderPage(
        ctx,
        config,
        <WalletCardPage
          name={claims.name}
          rank={claims.role}
          department={claims.department}
          validUntil={claims.validUntil}
          qrSrc={`${base}/card.png`}
          scanUrl={`${config.baseUrl}/verify/scan`}
          verifyPath={`/verify/${credential.id}`}
          downloadPath={`${base}/credential.json`}
          applePath={config.wallet.apple ? `${base}/card.pkpass` : null}
          googlePath={config.wallet.google ? `${base}/google-wallet` : null}
        />,
        { title: 'Membership card', noindex: true },
      );
    },
    'card.pkpass': async (ctx: MemberContext, credential: IssuedCredential) => {
      const settings = config.wallet.apple;
      if (!settings) throw new NotFoundError('Apple Wallet passes are not set up on this site');
      const pass = await applePass(await walletCard(ctx, credential), settings, config);
      ctx.set('Cache-Control', 'private, no-store');
      ctx.set('Content-Disposition', 'attachment; filename="membership.pkpass"');
      ctx.type = 'application/vnd.apple.pkpass';
      ctx.body = pass;
    },
    'google-wallet': async (ctx: MemberContext, credential: IssuedCredential) => {
      const settings = config.wallet.google;
      if (!settings) throw new NotFoundError('Google Wallet passes are not set up on this site');
      ctx.set('Cache-Control', 'private, no-store');
      ctx.redirect(await googleSaveLink(await walletCard(ctx, credential), settings, config));
    },
    'card.png': async (ctx: MemberContext, credential: IssuedCredential) => {
      const { cardToken } = await cardOf(ctx, credential);
      ctx.set('Cache-Control', 'private, no-store');
      ctx.type = 'image/png';
      ctx.body = await qrPng(cardToken, CARD_QR_PIXELS);
    },
  };
  for (const [file, answer] of Object.entries(memberAnswers)) {
    router.get(
      `/account/credentials/:linkId/${file}`,
      signedInPage(),
      validate(byLink),
      transaction(),
      async (ctx: MemberContext) => {
        const { trx, user, input } = ctx.state;
        await answer(ctx, await memberCredential(trx, user, { linkId: input.params.linkId }, deps()));
      },
    );
  }

  // A certification or license a department attested, signed for its holder: theirs to download (docs/decisions/
  // verifiable-credentials.md); anyone else's is not found.
  router.get(
    '/account/credentials/issued/:id/credential.json',
    signedInPage(),
    validate(byCredential),
    async (ctx: SignedInContext<InputOf<typeof byCredential>>) => {
      const credential = await heldCredential(ctx.state.user, ctx.state.input.params.id);
      ctx.set('Content-Disposition', 'attachment; filename="credential.json"');
      sendJson(ctx, credential.document, 'private, no-store', 'application/vc+ld+json');
    },
  );

  // On request: a freshly signed credential (to its verify page), or the member's own revocation.
  const memberActions = {
    reissue: async (ctx: WriteContext<InputOf<typeof byLink>>) => {
      const { trx, user, input } = ctx.state;
      const credential = await memberCredential(trx, user, { linkId: input.params.linkId, renew: true }, deps());
      return `/verify/${credential.id}`;
    },
    revoke: async (ctx: WriteContext<InputOf<typeof byLink>>) => {
      const { trx, user, input } = ctx.state;
      await revokeMemberCredential(trx, user, { linkId: input.params.linkId });
      return '/account-settings#departments';
    },
  };
  for (const [action, handle] of Object.entries(memberActions)) {
    router.post(
      `/account/credentials/:linkId/${action}`,
      signedInPage(),
      validate({ ...byLink, body: object({}) }),
      transaction(),
      async (ctx: WriteContext<InputOf<typeof byLink>>) => {
        const to = await handle(ctx);
        ctx.status = 303;
        ctx.redirect(to);
      },
    );
  }

  const page = (ctx: Koa.Context, props: VerifyPageProps, status = 200) => {
    ctx.set('X-Robots-Tag', 'noindex');
    return renderPage(ctx, config, <VerifyPage {...props} />, {
      title: props.report ? `Credential: ${props.report.verdict}` : 'Verify a credential',
      noindex: true,
      isPublicPage: true,
      status,
    });
  };

  router.get('/verify', (ctx) => page(ctx, {}));

  router.post(
    '/verify',
    rateLimits.perAddress('verifyPerAddress'),
    validate(pasted),
    async (ctx: RequestContext<InputOf<typeof pasted>>) => {
      // Pasted (a urlencoded form) or chosen as a file (the upload form, multipart; docs/decisions/wallet-card.md).
      const uploaded = ctx.is('multipart/form-data');
      let text = uploaded ? '' : ctx.state.input.body.credential;
      let report: VerificationReport;
      try {
        if (uploaded) text = decodeUpload((await readFileUpload(ctx, CREDENTIAL_UPLOAD)).bytes);
        report = await verifyCredential(parseCredential(text), { baseUrl: config.baseUrl });
      } catch (error) {
        // A refusal (not JSON, too deep, an unknown context, too large) is shown on the page with its status.
        if (!(error instanceof ValidationError || error instanceof PayloadTooLargeError)) throw error;
        const status = error instanceof PayloadTooLargeError ? 413 : 400;
        const keep = error instanceof PayloadTooLargeError ? '' : text;
        return page(ctx, { text: keep, error: { title: 'Cannot verify this', message: error.message } }, status);
      }
      await page(ctx, { text, report });
    },
  );

  // The wallet card's scanner (docs/decisions/wallet-card.md): its page (the one with script), its service
  // worker, the keys document it keeps, and the same check on the server for a browser without script.
  const scanner = (token = '', result: CardScannerProps['result'] = null): CardScannerProps => ({
    keysUrl: KEYS_PATH,
    serviceWorkerUrl: SERVICE_WORKER_PATH,
    scope: '/verify/',
    token,
    result,
  });
  const scanPage = (ctx: Koa.Context, props: VerifyScanPageProps, status = 200) => {
    ctx.set('X-Robots-Tag', 'noindex');
    return renderPage(ctx, config, <VerifyScanPage {...props} />, {
      title: props.scanner.result ? `Card: ${props.scanner.result.message}` : 'Check a membership card',
      noindex: true,
      isPublicPage: true,
      status,
    });
  };

  router.get(SCAN_PATH, (ctx) => scanPage(ctx, { scanner: scanner() }));

  /**
   * The keys document as of now: drawn once per fingerprint of what it shows and kept in the page cache, since
   * anyone may ask for it (every scanner's sync); its time is the answer's.
   */
  const keysDocument = async (now: Date): Promise<CardKeysDocument> => {
    const key = { page: 'verify:keys', viewer: 'anyone', version: await cardKeysVersion() };
    const kept = await pages.drawAsset(key, 'application/json', async () =>
      JSON.stringify(await cardKeys({ baseUrl: config.baseUrl })),
    );
    return {
      syncedAt: now.toISOString(),
      ...(JSON.parse(kept.body.toString('utf8')) as Omit<CardKeysDocument, 'syncedAt'>),
    };
  };

  router.get(KEYS_PATH, async (ctx) => {
    sendJson(ctx, await keysDocument(new Date(nowOf(ctx))), 'no-cache');
  });

  router.get(SERVICE_WORKER_PATH, (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/javascript';
    ctx.body = verifyServiceWorker(config.nodeEnv === 'production');
  });

  router.post(
    '/verify/token',
    rateLimits.perAddress('verifyPerAddress'),
    validate(postedToken),
    async (ctx: RequestContext<InputOf<typeof postedToken>>) => {
      const token = ctx.state.input.body.token.trim();
      const refuse = (message: string, status: number) =>
        scanPage(
          ctx,
          { scanner: scanner(status === 413 ? '' : token), error: { title: 'Cannot check this', message } },
          status,
        );
      if (!token) return refuse(CARD_MESSAGES.empty, 400);
      if (token.length > CARD_TOKEN_MAX_LENGTH) return refuse(CARD_MESSAGES.tooLong, 413);
      const now = new Date(nowOf(ctx));
      const keys = await keysDocument(now);
      const checked = await checkCardToken(token, keys, now);
      if (checked.verdict === 'malformed') return refuse(checked.message, 400);
      await scanPage(ctx, { scanner: scanner(token, { ...checked, checkedBy: 'server', syncedAt: keys.syncedAt }) });
    },
  );

  router.get('/verify/:id', validate(byCredential), async (ctx: RequestContext<InputOf<typeof byCredential>>) => {
    const kept = await keptCredential(ctx.state.input.params.id);
    if (!kept) throw new NotFoundError('Credential not found');
    const report = await verifyCredential(kept.document, { baseUrl: config.baseUrl });
    await page(ctx, { report, kept: true });
  });

  return router;
}
