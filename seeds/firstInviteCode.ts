import { BetaCode } from '../src/models/BetaCode';
import { generateInviteCode } from '../src/services/inviteCodes';
import type { SeedContext } from './context';

export const FIRST_INVITE_NOTE = 'First invite code, created when the database was new';

export async function seedFirstInviteCode({ logger }: SeedContext): Promise<void> {
  const { count } = (await BetaCode.query().count('* as count').first()) as unknown as { count: string };
  let code: BetaCode | undefined;
  if (Number(count) === 0) {
    code = await BetaCode.query().insertAndFetch({ code: generateInviteCode(), maxUses: 10, notes: FIRST_INVITE_NOTE });
  } else {
    code = await BetaCode.query().where('notes', FIRST_INVITE_NOTE).where('isActive', true).first();
  }
  if (code && code.currentUses < code.maxUses) {
    logger.info(
      { inviteCode: code.code, usesLeft: code.maxUses - code.currentUses },
      `Invite code for registering: ${code.code} (${code.maxUses - code.currentUses} uses left)`,
    );
  }
}
