/**
 * The guided start (docs/decisions/guided-start.md): the owner's checklist on a new profile — a photo, the
 * statement, a first timeline entry, a first certification, going live — with its progress. Each step links to
 * where it is done (going live is the visibility switch's own plain post); "Hide this checklist" closes it for
 * good (POST /profiles/{id}/start/dismiss). Links and forms only: no script.
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { theme, media } from '../ui/theme';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { visuallyHidden } from '../ui/visuallyHidden';
import { GUIDED_START_MESSAGES, type GuidedStartJson, type GuidedStartStep } from '../../src/validation/guidedStart';

const Frame = styled.section.withConfig(sc('GuidedStart'))`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-left: 4px solid ${theme.color.brand};
  border-radius: ${theme.radius.card};
  padding: ${theme.space[4]};
  display: grid;
  gap: ${theme.space[3]};
  ${media.tablet} {
    padding: ${theme.space[5]};
  }
  & h2 {
    margin: 0;
    font-size: ${theme.font.size.lg};
  }
`;

const Head = styled.div.withConfig(sc('GuidedStartHead'))`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${theme.space[2]} ${theme.space[4]};
`;

const Progress = styled.progress.withConfig(sc('GuidedStartProgress'))`
  appearance: none;
  width: 100%;
  height: 8px;
  border: 0;
  border-radius: ${theme.radius.pill};
  background: ${theme.color.line};
  overflow: hidden;
  &::-webkit-progress-bar {
    background: ${theme.color.line};
  }
  &::-webkit-progress-value {
    background: ${theme.color.ok};
  }
  &::-moz-progress-bar {
    background: ${theme.color.ok};
  }
`;

const Count = styled.p.withConfig(sc('GuidedStartCount'))`
  margin: 0;
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  color: ${theme.color.muted};
`;

const Steps = styled.ol.withConfig(sc('GuidedStartSteps'))`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space[2]};
  ${media.laptop} {
    grid-template-columns: repeat(5, minmax(0, 1fr));
  }
`;

const Step = styled.li.withConfig(sc('GuidedStartStep'))<{ $done: boolean }>`
  display: flex;
  align-items: center;
  gap: ${theme.space[2]};
  min-height: ${theme.controlHeight};
  padding: ${theme.space[2]} ${theme.space[3]};
  border: 1px solid ${(p) => (p.$done ? theme.color.line : theme.color.brandTint)};
  border-radius: ${theme.radius.control};
  background: ${(p) => (p.$done ? theme.color.canvas : theme.color.surface)};
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  & a {
    color: ${theme.color.brand};
  }
  & form {
    margin: 0;
  }
  & button {
    min-height: 32px;
  }
`;

const Mark = styled.span.withConfig(sc('GuidedStartMark'))<{ $done: boolean }>`
  flex: 0 0 auto;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 22px;
  height: 22px;
  border-radius: ${theme.radius.pill};
  border: 2px solid ${(p) => (p.$done ? theme.color.ok : theme.color.muted)};
  background: ${(p) => (p.$done ? theme.color.ok : theme.color.surface)};
  color: ${theme.color.white};
`;

const DoneText = styled.span.withConfig(sc('GuidedStartDoneText'))`
  color: ${theme.color.muted};
  text-decoration: line-through;
`;

const Hidden = styled.span.withConfig(sc('GuidedStartHidden'))`
  ${visuallyHidden}
`;

const Dismiss = styled.form.withConfig(sc('GuidedStartDismiss'))`
  margin: 0;
  & button {
    min-height: 32px;
    padding: 0 ${theme.space[2]};
    margin-left: -${theme.space[2]};
    font-size: ${theme.font.size.sm};
    color: ${theme.color.muted};
  }
`;

/** Where each step is done: the editor's own place for it (a list's section opened from the "Add …" menu). */
const stepHref = (profileId: number, key: Exclude<GuidedStartStep, 'live'>) =>
  ({
    photo: `/profiles/${profileId}?edit=1&add=photos#section-photos`,
    statement: `/profiles/${profileId}?edit=1#profile-editor-title`,
    timeline: `/profiles/${profileId}?edit=1&add=timeline#section-timeline`,
    certification: `/profiles/${profileId}?edit=1&add=certifications#section-certifications`,
  })[key];

function StepAction({ profileId, step }: { profileId: number; step: GuidedStartStep }) {
  const label = GUIDED_START_MESSAGES.steps[step];
  if (step !== 'live') return <a href={stepHref(profileId, step)}>{label}</a>;
  // The visibility switch's plain post (src/pages/profiles.tsx): the same rule and toast as the header's switch.
  return (
    <form method="post" action={`/profiles/${profileId}/status`}>
      <input type="hidden" name="profileStatus" value="live" />
      <Button type="submit" aria-label={label}>
        {GUIDED_START_MESSAGES.goLive}
      </Button>
    </form>
  );
}

export function GuidedStart({ start }: { start: GuidedStartJson }) {
  const done = start.steps.filter((step) => step.done).length;
  const total = start.steps.length;
  const progress = GUIDED_START_MESSAGES.progress(done, total);
  return (
    <Frame aria-labelledby="guided-start-title">
      <Head>
        <h2 id="guided-start-title">{GUIDED_START_MESSAGES.title}</h2>
        <Count id="guided-start-count">{progress}</Count>
      </Head>
      <Progress value={done} max={total} aria-labelledby="guided-start-title guided-start-count">
        {progress}
      </Progress>
      <Steps>
        {start.steps.map((step) => (
          <Step key={step.key} $done={step.done} data-step={step.key} data-done={step.done ? '' : undefined}>
            <Mark $done={step.done} aria-hidden="true">
              {step.done ? <Icon name="check" size={14} /> : null}
            </Mark>
            {step.done ? (
              <DoneText>{GUIDED_START_MESSAGES.steps[step.key]}</DoneText>
            ) : (
              <StepAction profileId={start.profileId} step={step.key} />
            )}
            <Hidden>{step.done ? GUIDED_START_MESSAGES.doneWord : GUIDED_START_MESSAGES.todoWord}</Hidden>
          </Step>
        ))}
      </Steps>
      <Dismiss method="post" action={`/profiles/${start.profileId}/start/dismiss`}>
        <Button type="submit" $variant="ghost">
          {GUIDED_START_MESSAGES.dismiss}
        </Button>
      </Dismiss>
    </Frame>
  );
}
