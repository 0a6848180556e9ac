/**
 * Passkeys (docs/decisions/passkeys.md) with @simplewebauthn/server: discoverable credentials (resident key required) with user
 * verification required, so a passkey sign-in proves possession and the PIN/biometric at once — both factors.
 * Invariants:
 * - each ceremony's challenge is an `auth_challenges` row (`passkey_register` for the signed-in user,
 *   `passkey_login` for nobody yet), taken when the response names it: single use, five minutes;
 * - the relying party is BASE_URL: rpID its host name, the expected origin its origin (docs/operations.md);
 * - a credential id is unique (passkeys_credential_unique → 409); the signature counter only moves forward;
 * - adding and removing are security events, with the passkey's name and never key material;
 * - a new passkey is told to the owner's address BEFORE it can be used (the notice is sent inside the transaction:
 *   no notice, no passkey), with a one-click removal link (`passkeyRemovalLink`) that needs no session.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { NotFoundError, ServiceUnavailableError, UnauthorizedError, ValidationError } from '../errors';
import { lazyImport } from '../lazyImport';
import { Passkey } from '../models/Passkey';
import { User } from '../models/User';
import { passkeyPolicy } from '../policies/passkeys';
import { authorize } from '../policies/policy';
import type { Viewer } from '../policies/viewer';
import { TWO_FACTOR_MESSAGES } from '../validation/twoFactor';
import { STEP_UP_MESSAGES } from '../validation/stepUp';
import { describeDevice } from './devices';
import { recordSecurityEvent } from './securityEvents';
import { createChallenge, takeChallenge } from './twoFactor/challenges';
import { mailSecurityChange, type SecurityMail } from './twoFactor/notify';
import { securityPageUrl } from './mail';

const webauthn = lazyImport(() => import('@simplewebauthn/server'));

/** The relying party, and the owner's e-mail notices of passkey changes (twoFactor/notify.ts). */
export interface RelyingParty {
  /** PRODUCT_NAME. */
  name: string;
  /** BASE_URL's host name. */
  id: string;
  /** BASE_URL's origin. */
  origin: string;
  mail?: SecurityMail;
  /** Signs the one-click removal links (derived from SESSION_SECRET). */
  removalKey?: string;
}

export const relyingPartyFor = (
  baseUrl: string,
  productName: string,
  mail?: SecurityMail,
  sessionSecret?: string,
): RelyingParty => {
  const url = new URL(baseUrl);
  const removalKey = sessionSecret
    ? crypto.createHmac('sha256', sessionSecret).update('passkey-removal').digest('hex')
    : undefined;
  return { name: productName, id: url.hostname, origin: url.origin, mail, removalKey };
};

/** The removal link's proof for one passkey: an HMAC of its id and credential, so it names that passkey only. */
const removalToken = (key: string, passkey: Pick<Passkey, 'id' | 'credentialId'>) =>
  crypto.createHmac('sha256', key).update(`${passkey.id}:${passkey.credentialId}`).digest('base64url');

export const passkeyRemovalLink = (rp: RelyingParty, passkey: Passkey): string | null =>
  rp.removalKey && rp.mail
    ? `${rp.mail.baseUrl}/account/passkeys/${passkey.id}/remove?token=${removalToken(rp.removalKey, passkey)}`
    : null;

/** The passkey a removal link names, when its token matches; 404 otherwise (never saying which part is wrong). */
export async function passkeyForRemovalLink(
  input: { id: number; token: string },
  rp: RelyingParty,
  db?: Knex,
): Promise<Passkey> {
  const passkey = await Passkey.query(db).findById(input.id);
  const expected = passkey && rp.removalKey ? Buffer.from(removalToken(rp.removalKey, passkey)) : null;
  const given = Buffer.from(input.token);
  if (!passkey || !expected || expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
    throw new NotFoundError(TWO_FACTOR_MESSAGES.passkeyUnknown);
  }
  return passkey;
}

/** The owner's one click from the notice: removes that passkey, signed in or not. */
export async function removePasskeyByLink(
  trx: Knex.Transaction,
  _actor: Viewer | null,
  input: { id: number; token: string },
  rp: RelyingParty,
): Promise<Passkey> {
  const passkey = await passkeyForRemovalLink(input, rp, trx);
  await Passkey.query(trx).deleteById(passkey.id);
  await recordSecurityEvent(trx, null, {
    userId: passkey.userId,
    kind: 'passkey_removed',
    detail: { name: passkey.name, from: 'email' },
  });
  return passkey;
}

/**
 * Tells the owner of a new passkey, from inside the transaction that adds it: the passkey exists only once this
 * notice has gone (docs/api.md "Step-up"; a failed send refuses the passkey).
 */
async function noticeOfNewPasskey(actor: User, passkey: Passkey, rp: RelyingParty): Promise<void> {
  if (!rp.mail) return;
  const removal = passkeyRemovalLink(rp, passkey);
  const device = [passkey.browser, passkey.os].filter(Boolean).join(' on ') || 'an unknown device';
  await rp.mail.mailer
    .send({
      to: actor.email,
      subject: `A passkey was added to your ${rp.mail.productName} account`,
      text: [
        `Hello ${actor.name},`,
        '',
        `A passkey named “${passkey.name}” was added to your ${rp.mail.productName} account from ${device} at ${new Date().toUTCString()}.`,
        'It signs in without your password.',
        '',
        ...(removal ? ['If this was not you, remove it with one click:', removal, ''] : []),
        `Every sign-in method and recent security event: ${securityPageUrl(rp.mail.baseUrl)}`,
      ].join('\n'),
    })
    .catch(() => {
      throw new ServiceUnavailableError(STEP_UP_MESSAGES.passkeyNoticeFailed);
    });
}

const failed = () => new ValidationError(TWO_FACTOR_MESSAGES.passkeyFailed);

export async function listPasskeys(viewer: Viewer): Promise<Passkey[]> {
  return Passkey.query().modify(passkeyPolicy.scope, viewer).orderBy('createdAt').orderBy('id');
}

export async function passkeyRegistrationOptions(
  trx: Knex.Transaction,
  actor: User,
  _input: Record<string, never>,
  rp: RelyingParty,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await Passkey.query(trx).where({ userId: actor.id });
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: actor.email,
    userDisplayName: actor.name,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await createChallenge(trx, actor, { userId: actor.id, kind: 'passkey_register', token: options.challenge });
  return options;
}

export async function addPasskey(
  trx: Knex.Transaction,
  actor: User,
  input: { name: string; response: RegistrationResponseJSON; userAgent?: string | null },
  rp: RelyingParty,
): Promise<Passkey> {
  let verification;
  try {
    const { verifyRegistrationResponse } = await webauthn();
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: async (challenge) => {
        const taken = await takeChallenge(trx, actor, { token: challenge, kind: 'passkey_register' });
        return taken.userId === actor.id;
      },
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    throw failed();
  }
  if (!verification.verified) throw failed();
  const { credential } = verification.registrationInfo;
  const device = input.userAgent === undefined ? null : describeDevice(input.userAgent);
  const passkey = await Passkey.query(trx).insertAndFetch({
    browser: device?.browser ?? null,
    os: device?.os ?? null,
    userId: actor.id,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ?? [],
    name: input.name,
  });
  await recordSecurityEvent(trx, actor, { userId: actor.id, kind: 'passkey_added', detail: { name: input.name } });
  await noticeOfNewPasskey(actor, passkey, rp);
  return passkey;
}

export async function removePasskey(
  trx: Knex.Transaction,
  actor: User,
  input: { id: number },
  mail?: SecurityMail,
): Promise<void> {
  const passkey = authorize(passkeyPolicy, actor, 'delete', await Passkey.query(trx).findById(input.id));
  await Passkey.query(trx).deleteById(passkey.id);
  await recordSecurityEvent(trx, actor, { userId: actor.id, kind: 'passkey_removed', detail: { name: passkey.name } });
  mailSecurityChange(trx, actor, 'passkey_removed', mail);
}

/** Options for a username-less sign-in: no credential list, the authenticator offers its discoverable ones. */
export async function passkeySignInOptions(
  trx: Knex.Transaction,
  actor: Viewer | null,
  _input: Record<string, never>,
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
  await createChallenge(trx, actor, { userId: null, kind: 'passkey_login', token: options.challenge });
  return options;
}

/** The user a verified passkey assertion signs in (both factors: possession and user verification). */
export async function signInWithPasskey(
  trx: Knex.Transaction,
  actor: Viewer | null,
  input: { response: AuthenticationResponseJSON },
  rp: RelyingParty,
): Promise<User> {
  const passkey = await Passkey.query(trx).where({ credentialId: input.response.id }).forUpdate().first();
  if (!passkey) throw new UnauthorizedError(TWO_FACTOR_MESSAGES.passkeyUnknown);
  let verification;
  try {
    const { verifyAuthenticationResponse } = await webauthn();
    verification = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: async (challenge) => {
        await takeChallenge(trx, actor, { token: challenge, kind: 'passkey_login' });
        return true;
      },
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: Number(passkey.counter),
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
  } catch {
    throw new UnauthorizedError(TWO_FACTOR_MESSAGES.passkeyFailed);
  }
  if (!verification.verified) throw new UnauthorizedError(TWO_FACTOR_MESSAGES.passkeyFailed);
  await Passkey.query(trx)
    .findById(passkey.id)
    .patch({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() });
  const user = await User.query(trx).findById(passkey.userId);
  if (!user?.isActive) throw new UnauthorizedError(TWO_FACTOR_MESSAGES.passkeyFailed);
  return user;
}
