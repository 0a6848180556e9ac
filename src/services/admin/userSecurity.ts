/** The admin dashboard's user detail (docs/decisions/security-events.md): who the user is and what happened to their sign-in. */
import { Passkey } from '../../models/Passkey';
import type { SecurityEvent } from '../../models/SecurityEvent';
import { User } from '../../models/User';
import { adminUserPolicy } from '../../policies/admin';
import { authorize } from '../../policies/policy';
import type { Viewer } from '../../policies/viewer';
import { recentSecurityEvents } from '../securityEvents';
import { totpEnabled } from '../twoFactor/totp';

export interface AdminUserSecurity {
  user: User;
  totpEnabled: boolean;
  passkeyCount: number;
  events: SecurityEvent[];
}

export async function adminUserSecurity(viewer: Viewer, input: { id: number }): Promise<AdminUserSecurity> {
  const user = authorize(adminUserPolicy, viewer, 'read', await User.query().findById(input.id));
  const [enabled, passkeyCount, events] = await Promise.all([
    totpEnabled(user.id),
    Passkey.query().where({ userId: user.id }).resultSize(),
    recentSecurityEvents(user.id, 50),
  ]);
  return { user, totpEnabled: enabled, passkeyCount, events };
}
