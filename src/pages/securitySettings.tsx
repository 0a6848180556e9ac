/**
 * Account Settings → Security (docs/decisions/two-factor.md, docs/decisions/passkeys.md, docs/decisions/security-events.md): the forms post to /account-settings with their `intent`
 * (src/pages/accountSettings.tsx picks them up here) and work without script; adding a passkey is the one island.
 * Fresh recovery codes reach the page once, through the session flash, and are gone when it has been shown.
 */
import type Koa from 'koa';
import { object, type AnyObjectSchema, type InferType } from 'yup';
import type { Config } from '../config';
import type { WriteContext } from '../http/context';
import { setFlash, takeFlash } from '../http/flash';
import { formAction, type FormActionContext, type FormState } from '../http/formAction';
import { RECOVERY_CODES_FLASH, totpIdentity, twoFactorDeps } from '../http/twoFactor';
import { proofFor } from '../http/recentProof';
import type { RateLimits } from '../http/rateLimit';
import type { Mailer } from '../services/mail';
import type { User } from '../models/User';
import { presentPasskey, presentSecurityEvent } from '../presenters/security';
import { Island } from '../render/Island';
import { listPasskeys, removePasskey } from '../services/passkeys';
import { recentSecurityEvents } from '../services/securityEvents';
import { revokeUserSessions } from '../services/sessions';
import { currentSessionToken } from '../http/session';
import {
  confirmTotpEnrolment,
  disableTotp,
  pendingTotpEnrolment,
  recoveryCodesLeft,
  regenerateRecoveryCodes,
  startTotpEnrolment,
  totpEnabled,
} from '../services/twoFactor/totp';
import { id } from '../validation/common';
import { totpConfirmSchema, totpDisableSchema, TWO_FACTOR_MESSAGES, type SecurityJson } from '../validation/twoFactor';
import { SecuritySection, type SecurityIntent } from '../../views/pages/twoFactor';
import { qrDataUrl } from './twoFactorSignIn';

export type { SecurityIntent };

export const SECURITY_NOTICES: Record<SecurityIntent, { title: string; description: string }> = {
  'totp-start': { title: 'Scan the QR code', description: 'Then enter the first code from your app to finish.' },
  'totp-confirm': TWO_FACTOR_MESSAGES.enrolled,
  'totp-disable': TWO_FACTOR_MESSAGES.disabled,
  'recovery-regenerate': TWO_FACTOR_MESSAGES.regenerated,
  'passkey-remove': TWO_FACTOR_MESSAGES.passkeyRemoved,
  'passkey-added': TWO_FACTOR_MESSAGES.passkeyAdded,
};

const SECURITY_EVENTS_SHOWN = 20;

export async function loadSecurity(user: User, config: Config): Promise<SecurityJson> {
  const deps = totpIdentity(config);
  const [enabled, pending, left, passkeys, events] = await Promise.all([
    totpEnabled(user.id),
    pendingTotpEnrolment(user, deps),
    recoveryCodesLeft(user.id),
    listPasskeys(user),
    recentSecurityEvents(user.id, SECURITY_EVENTS_SHOWN),
  ]);
  return {
    totpEnabled: enabled,
    pending: pending ? { qrDataUrl: await qrDataUrl(pending.uri), secret: pending.secret } : null,
    recoveryCodesLeft: left,
    passkeys: passkeys.map(presentPasskey),
    events: events.map(presentSecurityEvent),
  };
}

/** The Security card's content. */
export async function securityCard(
  ctx: Koa.Context,
  config: Config,
  user: User,
  forms: Partial<Record<SecurityIntent, FormState>>,
) {
  const recoveryCodes = takeFlash<string[]>(ctx, RECOVERY_CODES_FLASH) ?? null;
  const security = await loadSecurity(user, config);
  // Recovery codes and a pending secret are never kept by a cache.
  if (recoveryCodes || security.pending) ctx.set('Cache-Control', 'no-store');
  return (
    <SecuritySection
      security={security}
      productName={config.productName}
      recoveryCodes={recoveryCodes}
      forms={forms}
      addPasskey={<Island name="AddPasskey" props={{}} hydrate="webauthn" />}
    />
  );
}

const removeSchema = object({ id: id(TWO_FACTOR_MESSAGES.passkeyUnknown) });
const startSchema = object({});

type Render = (ctx: FormActionContext, forms: Partial<Record<SecurityIntent, FormState>>) => Promise<void>;

/** The Security forms' posts, by intent. */
export function securityActions(config: Config, mailer: Mailer, rateLimits: RateLimits, render: Render) {
  const deps = twoFactorDeps(config, rateLimits, mailer);
  const done = (intent: SecurityIntent) => `/account-settings?saved=${intent}#security`;
  /**
   * Setting up two-factor and removing a passkey need a recent proof (docs/api.md "Step-up"); turning two-factor
   * off and new recovery codes ask for the password and a code in the form itself, a fresh proof of both.
   */
  const proof = proofFor({ config, mailer, rateLimits });
  const STEP_UP: ReadonlySet<SecurityIntent> = new Set(['totp-start', 'totp-confirm', 'passkey-remove']);
  /**
   * One Security form: runs `run` in the request's transaction and comes back to Security; new recovery codes
   * (when `run` answers them) ride the session flash to that one page. A code typed here counts against the
   * same per-account limit as at sign-in (inside the code check: twoFactorDeps).
   */
  const securityForm = <S extends AnyObjectSchema>(
    intent: SecurityIntent,
    schema: S,
    run: (ctx: WriteContext, input: InferType<S>) => Promise<string[] | void>,
  ) =>
    formAction({
      schema,
      redact: ['code'],
      async limit(ctx) {
        if (STEP_UP.has(intent)) await proof(ctx);
      },
      async handle(ctx: WriteContext, input) {
        const codes = await run(ctx, input);
        if (codes) setFlash(ctx, RECOVERY_CODES_FLASH, codes);
        return done(intent);
      },
      render: (ctx, state) => render(ctx, { [intent]: state }),
    });
  const actions: Record<Exclude<SecurityIntent, 'passkey-added'>, Koa.Middleware> = {
    'totp-start': securityForm('totp-start', startSchema, async (ctx) => {
      await startTotpEnrolment(ctx.state.trx, ctx.state.user, {}, deps);
    }),
    // Turning two-factor on ends every other session: a session opened with the password alone is not kept.
    'totp-confirm': securityForm('totp-confirm', totpConfirmSchema, async (ctx, input) => {
      const codes = await confirmTotpEnrolment(ctx.state.trx, ctx.state.user, input, deps);
      await revokeUserSessions(ctx.state.trx, ctx.state.user.id, currentSessionToken(ctx));
      return codes;
    }),
    'totp-disable': securityForm('totp-disable', totpDisableSchema, (ctx, input) =>
      disableTotp(ctx.state.trx, ctx.state.user, input, deps),
    ),
    'recovery-regenerate': securityForm('recovery-regenerate', totpDisableSchema, (ctx, input) =>
      regenerateRecoveryCodes(ctx.state.trx, ctx.state.user, input, deps),
    ),
    'passkey-remove': securityForm('passkey-remove', removeSchema, (ctx, input) =>
      removePasskey(ctx.state.trx, ctx.state.user, input, deps.mail),
    ),
  };
  return actions;
}
