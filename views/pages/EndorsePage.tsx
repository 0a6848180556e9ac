/**
 * Endorse a colleague's skill (docs/decisions/endorsements.md): a plain form (no script) with an optional comment, shown to a
 * verified colleague of the profile's owner; or, once they have endorsed it, where their endorsement stands.
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { Card, CardDescription, CardTitle } from '../ui/Card';
import { ButtonLink } from '../ui/Button';
import { CharacterCount, Form, FormAlert, SubmitButton, TextArea } from '../ui/Field';
import { ENDORSEMENT_COMMENT_MAX, type EndorsementStatus } from '../../src/validation/endorsements';
import type { FormState } from '../../src/validation/forms';
import { theme } from '../ui/theme';

const Wrap = styled.div.withConfig(sc('EndorseWrap'))`
  max-width: 560px;
  margin: 0 auto;
  padding: ${theme.space[6]} ${theme.space[4]};
  & form {
    display: flex;
    flex-direction: column;
    gap: ${theme.space[3]};
  }
  & h2 {
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div.withConfig(sc('EndorseActions'))`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
`;

const STANDING: Record<EndorsementStatus, string> = {
  pending: 'It shows on the profile once its owner approves it.',
  approved: 'It shows on the profile.',
  hidden: 'Its owner chose not to show it.',
};

export interface EndorsePageProps {
  ownerName: string;
  skillName: string;
  profileHref: string;
  action: string;
  /** The viewer's endorsement of this skill, if they made one. */
  existing: { status: EndorsementStatus; comment: string | null } | null;
  /** Just sent (after the post's redirect). */
  sent: boolean;
  state: FormState | null;
}

export function EndorsePage({ ownerName, skillName, profileHref, action, existing, sent, state }: EndorsePageProps) {
  const comment = typeof state?.values.comment === 'string' ? state.values.comment : '';
  return (
    <Wrap>
      <Card aria-labelledby="endorse-title">
        <CardTitle id="endorse-title">{`Endorse ${ownerName}’s skill: ${skillName}`}</CardTitle>
        {existing ? (
          <>
            <CardDescription role={sent ? 'status' : undefined}>
              {`${sent ? 'Endorsement sent.' : 'You have endorsed this skill.'} ${STANDING[existing.status]}`}
            </CardDescription>
            {existing.comment ? <CardDescription>{`Your comment: “${existing.comment}”`}</CardDescription> : null}
            <Actions>
              <ButtonLink href={profileHref} $variant="secondary">
                Back to the profile
              </ButtonLink>
            </Actions>
          </>
        ) : (
          <>
            <CardDescription>
              {`As a verified colleague, you can vouch for ${ownerName}’s ${skillName}. ${ownerName} approves it before it shows on the profile, with your name, rank and department.`}
            </CardDescription>
            <Form action={action} aria-labelledby="endorse-title">
              <FormAlert error={state?.error} />
              <TextArea
                id="endorse-comment"
                name="comment"
                label="Comment (optional)"
                rows={3}
                defaultValue={comment}
                error={state?.errors.comment}
                // A plain form: the count is the posted text's (after a refused post), else the limit in words.
                help={
                  comment ? (
                    <CharacterCount length={comment.length} max={ENDORSEMENT_COMMENT_MAX} />
                  ) : (
                    `Up to ${ENDORSEMENT_COMMENT_MAX} characters`
                  )
                }
              />
              <Actions>
                <SubmitButton pending={false} label="Endorse" busyLabel="Sending…" />
                <ButtonLink href={profileHref} $variant="secondary">
                  Cancel
                </ButtonLink>
              </Actions>
            </Form>
          </>
        )}
      </Card>
    </Wrap>
  );
}
