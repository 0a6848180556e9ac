/**
 * The owner's headshot and banner (docs/decisions/headshot-and-banner.md) on /profiles/{id}/portrait: plain forms,
 * no script. Each picture is one of the owner's public photos — picked from the gallery (radio buttons showing
 * the photos) or uploaded (a new public photo; a headshot is cut to its middle square) — or removed.
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { Card, CardDescription, CardTitle, EmptyNote } from '../ui/Card';
import { Button, ButtonLink } from '../ui/Button';
import { FormAlert, Label } from '../ui/Field';
import { initials } from '../ui/format';
import { theme } from '../ui/theme';
import { OwnerPageRow as Row, OwnerPageWrap as Wrap } from './OwnerPageParts';
import type { FormState } from '../../src/validation/forms';
import type { PortraitKind } from '../../src/validation/portraits';

const Current = styled.div.withConfig(sc('PortraitCurrent'))<{ $kind: PortraitKind }>`
  margin: ${theme.space[3]} 0;
  & img,
  & > span {
    display: grid;
    place-items: center;
    object-fit: cover;
    background: ${theme.color.brand};
    color: ${theme.color.white};
    font-weight: 700;
    font-size: ${theme.font.size.xxl};
    width: ${(p) => (p.$kind === 'headshot' ? '112px' : '100%')};
    height: ${(p) => (p.$kind === 'headshot' ? '112px' : '120px')};
    border-radius: ${(p) => (p.$kind === 'headshot' ? '50%' : theme.radius.control)};
  }
`;

const Choices = styled.fieldset.withConfig(sc('PortraitChoices'))`
  border: 0;
  margin: 0 0 ${theme.space[3]};
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
  gap: ${theme.space[2]};
  & legend {
    padding: 0;
    margin-bottom: ${theme.space[2]};
    font-weight: 700;
  }
  & label {
    position: relative;
    display: block;
    cursor: pointer;
    border-radius: ${theme.radius.control};
    overflow: hidden;
    border: 3px solid transparent;
  }
  & label:has(input:checked) {
    border-color: ${theme.color.brand};
  }
  & label:has(input:focus-visible) {
    outline: 2px solid ${theme.color.ink};
    outline-offset: 2px;
  }
  & input {
    position: absolute;
    top: ${theme.space[1]};
    left: ${theme.space[1]};
    width: 20px;
    height: 20px;
    margin: 0;
  }
  & img {
    display: block;
    width: 100%;
    aspect-ratio: 1;
    object-fit: cover;
  }
`;

const Forms = styled.div.withConfig(sc('PortraitForms'))`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]};
  & form + form {
    border-top: 1px solid ${theme.color.line};
    padding-top: ${theme.space[4]};
  }
`;

export interface PortraitChoiceJson {
  id: number;
  thumbnail: string;
  caption: string | null;
}

export interface PortraitPageProps {
  profileId: number;
  name: string;
  headshot: { url: string | null; photoId: number | null };
  banner: { url: string | null; photoId: number | null };
  /** The owner's public photos, in gallery order: only these may be chosen. */
  photos: PortraitChoiceJson[];
  /** A refused post: which picture's form, and its messages. */
  form?: { kind: PortraitKind; state: FormState } | null;
}

const COPY: Record<PortraitKind, { title: string; description: string; choose: string; upload: string }> = {
  headshot: {
    title: 'Headshot',
    description: 'Shown beside your name, on your share image, your résumé and beside the endorsements you give.',
    choose: 'Use as headshot',
    upload: 'Upload a headshot (cut to a square)',
  },
  banner: {
    title: 'Banner',
    description: 'A wide photo across the top of your profile.',
    choose: 'Use as banner',
    upload: 'Upload a banner',
  },
};

function PortraitSection({ kind, props }: { kind: PortraitKind; props: PortraitPageProps }) {
  const { profileId, name, photos } = props;
  const current = props[kind];
  const copy = COPY[kind];
  const state = props.form?.kind === kind ? props.form.state : null;
  const action = `/profiles/${profileId}/portrait`;
  const titleId = `portrait-${kind}-title`;
  return (
    <Card aria-labelledby={titleId} data-testid={`portrait-${kind}`}>
      <CardTitle id={titleId}>{copy.title}</CardTitle>
      <CardDescription>{copy.description} Only your public photos can be used.</CardDescription>
      <Current $kind={kind}>
        {current.url ? (
          <img src={current.url} alt={`Current ${copy.title.toLowerCase()}`} />
        ) : (
          <span aria-label={`No ${copy.title.toLowerCase()} yet`} role="img">
            {kind === 'headshot' ? initials(name) : null}
          </span>
        )}
      </Current>
      <FormAlert
        error={state?.error ?? (state?.errors.photoId ? { title: copy.title, message: state.errors.photoId } : null)}
      />
      <Forms>
        {photos.length ? (
          <form method="post" action={action}>
            <input type="hidden" name="kind" value={kind} />
            <Choices>
              <legend>Choose one of your photos</legend>
              {photos.map((photo, index) => (
                <label key={photo.id}>
                  <input
                    type="radio"
                    name="photoId"
                    value={photo.id}
                    defaultChecked={current.photoId === photo.id}
                    required
                  />
                  <img src={photo.thumbnail} alt={photo.caption || `Photo ${index + 1}`} loading="lazy" />
                </label>
              ))}
            </Choices>
            <Button type="submit">{copy.choose}</Button>
          </form>
        ) : (
          <EmptyNote>You have no public photos yet: upload one.</EmptyNote>
        )}
        <form method="post" action={`${action}/upload`} encType="multipart/form-data">
          <input type="hidden" name="kind" value={kind} />
          <Label htmlFor={`portrait-${kind}-file`}>{copy.upload}</Label>
          <Row>
            <input
              id={`portrait-${kind}-file`}
              type="file"
              name="file"
              accept="image/jpeg,image/png,image/webp"
              required
            />
            <Button type="submit" $variant="secondary">
              Upload
            </Button>
          </Row>
        </form>
        {current.url ? (
          <form method="post" action={action}>
            <input type="hidden" name="kind" value={kind} />
            <input type="hidden" name="photoId" value="" />
            <Button type="submit" $variant="ghost">
              {`Remove ${copy.title.toLowerCase()}`}
            </Button>
          </form>
        ) : null}
      </Forms>
    </Card>
  );
}

export function PortraitPage(props: PortraitPageProps) {
  return (
    <Wrap>
      <Row>
        <h1>Headshot and banner</h1>
        <ButtonLink href={`/profiles/${props.profileId}`} $variant="secondary">
          Back to your profile
        </ButtonLink>
      </Row>
      <PortraitSection kind="headshot" props={props} />
      <PortraitSection kind="banner" props={props} />
    </Wrap>
  );
}
