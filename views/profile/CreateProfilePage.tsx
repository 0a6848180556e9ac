/** Create Profile (spec 02 §2): the form island inside a card. */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { Island } from '../../src/render/Island';
import type { DepartmentJson } from '../../src/validation/departments';
import type { FormState } from '../../src/validation/forms';

const Wrap = styled.div.withConfig(sc('CreateProfileWrap'))`
  max-width: 760px;
  margin: 0 auto;
  padding: ${(p) => `${p.theme.space[6]} ${p.theme.space[4]} ${p.theme.space[7]}`};
`;

const Card = styled.section.withConfig(sc('CreateProfileCard'))`
  background: ${(p) => p.theme.color.surface};
  border: 1px solid ${(p) => p.theme.color.line};
  border-radius: ${(p) => p.theme.radius.card};
  padding: ${(p) => p.theme.space[5]};
  & h1 {
    margin: 0 0 ${(p) => p.theme.space[1]};
    font-size: ${(p) => p.theme.font.size.xxl};
  }
  & > p {
    margin: 0 0 ${(p) => p.theme.space[5]};
    color: ${(p) => p.theme.color.muted};
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
