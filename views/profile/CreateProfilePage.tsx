/** Create Profile (spec 02 §2): the form island inside a card. */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { Island } from '../../src/render/Island';
import type { DepartmentJson } from '../../src/validation/departments';
import type { FormState } from '../../src/validation/forms';
import { theme } from '../ui/theme';

const Wrap = styled.div.withConfig(sc('CreateProfileWrap'))`
  max-width: 760px;
  margin: 0 auto;
  padding: ${theme.space[6]} ${theme.space[4]} ${theme.space[7]};
`;

const Card = styled.section.withConfig(sc('CreateProfileCard'))`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.card};
  padding: ${theme.space[5]};
  & h1 {
    margin: 0 0 ${theme.space[1]};
    font-size: ${theme.font.size.xxl};
  }
  & > p {
    margin: 0 0 ${theme.space[5]};
    color: ${theme.color.muted};
  }
`;

export interface CreateProfilePageProps {
  name: string;
  /** After a failed plain post: the form's values and messages, and the department it named. */
  form?: FormState | null;
  department?: DepartmentJson | null;
}

export function CreateProfilePage({ name, form = null, department = null }: CreateProfilePageProps) {
  return (
    <Wrap>
      <Card aria-labelledby="create-profile-title">
        <h1 id="create-profile-title">Create Your Profile</h1>
        <p>Start your bio with the basics. You can add your timeline, awards and more once it is created.</p>
        <Island name="CreateProfileForm" props={{ name, state: form, department }} />
      </Card>
    </Wrap>
  );
}
