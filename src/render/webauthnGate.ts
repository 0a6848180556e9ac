/**
 * Islands that only work with WebAuthn (`hydrate="webauthn"`: the passkey buttons, issue 24 §2). On a page whose
 * islands are all of that kind (/login), the island runtime is not linked: this fixed inline script loads it only
 * when the browser has WebAuthn, so a browser without it fetches no script at all. The text never changes, so the
 * Content-Security-Policy allows it by its hash (src/http/securityHeaders.ts) — no 'unsafe-inline'.
 */
import crypto from 'node:crypto';

export const WEBAUTHN_GATE =
  "if(window.PublicKeyCredential){var s=document.createElement('script');s.type='module';" +
  "s.src=document.getElementById('island-sources').dataset.runtime;document.body.append(s)}";

export const WEBAUTHN_GATE_HASH = `'sha256-${crypto.createHash('sha256').update(WEBAUTHN_GATE).digest('base64')}'`;
