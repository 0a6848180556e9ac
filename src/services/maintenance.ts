/** Periodic housekeeping: expired sessions and spent or expired password-reset tokens are deleted. */
import { PasswordResetToken } from '../models/PasswordResetToken';
import { deleteExpiredSessions } from './sessions';
import type { Logger } from '../log';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function purgeExpired(): Promise<{ sessions: number; resetTokens: number }> {
  const sessions = await deleteExpiredSessions();
  const cutoff = new Date(Date.now() - DAY_MS);
  const resetTokens = await PasswordResetToken.query()
    .where('expiresAt', '<', cutoff)
    .orWhere('usedAt', '<', cutoff)
    .delete();
  return { sessions, resetTokens };
}

/** Runs purgeExpired now and every few hours; the timer never keeps the process alive. */
export function scheduleMaintenance(logger: Logger, everyMs = 6 * 60 * 60 * 1000): () => void {
  const run = () =>
    purgeExpired()
      .then((removed) => logger.debug(removed, 'expired sessions and reset tokens removed'))
      .catch((error: unknown) => logger.warn({ err: error }, 'maintenance failed'));
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
