import { styled, keyframes } from 'styled-components';
import { sc } from '../ui/sc';
import { theme, media } from '../ui/theme';
import { ButtonLink } from '../ui/Button';
import { OutlineIcon } from '../ui/Icon';

const VERBS = ['Chart', 'Track', 'Share', 'Honor'] as const;

// Four verbs, each shown for a quarter of the cycle: pure CSS, no JavaScript.
const rotate = keyframes`
  0%, 20% { transform: translateY(0); }
  25%, 45% { transform: translateY(-1.25em); }
  50%, 70% { transform: translateY(-2.5em); }
  75%, 95% { transform: translateY(-3.75em); }
  100% { transform: translateY(-5em); }
`;

const Hero = styled.section.withConfig(sc('LandingHero'))`
  background: linear-gradient(180deg, ${theme.color.surface} 0%, ${theme.color.canvas} 100%);
  border-bottom: 1px solid ${theme.color.line};
`;

const HeroInner = styled.div.withConfig(sc('LandingHeroInner'))`
  max-width: 1080px;
  margin: 0 auto;
  padding: ${theme.space[7]} ${theme.space[4]};
  text-align: center;
  ${media.laptop} {
    padding: 96px ${theme.space[5]};
  }
`;

const Eyebrow = styled.p.withConfig(sc('LandingEyebrow'))`
  margin: 0 0 ${theme.space[4]};
  color: ${theme.color.brand};
  font-weight: 700;
  font-size: ${theme.font.size.sm};
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

const Headline = styled.h1.withConfig(sc('LandingHeadline'))`
  margin: 0;
  font-size: ${theme.font.size.xxl};
  line-height: 1.25;
  font-weight: 800;
  ${media.tablet} {
    font-size: 48px;
  }
`;

const VerbWindow = styled.span.withConfig(sc('LandingVerbWindow'))`
  display: inline-block;
  height: 1.25em;
  overflow: hidden;
  vertical-align: bottom;
  color: ${theme.color.brand};
`;

const VerbReel = styled.span.withConfig(sc('LandingVerbReel'))`
  display: flex;
  flex-direction: column;
  animation: ${rotate} 10s cubic-bezier(0.65, 0, 0.35, 1) infinite;
  & > span {
    height: 1.25em;
    /* The window is as wide as the longest verb; shorter ones sit against the rest of the line. */
    text-align: right;
  }
`;

const Lead = styled.p.withConfig(sc('LandingLead'))`
  max-width: 640px;
  margin: ${theme.space[5]} auto 0;
  color: ${theme.color.muted};
  font-size: ${theme.font.size.lg};
`;

const Ctas = styled.div.withConfig(sc('LandingCtas'))`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${theme.space[3]};
  margin-top: ${theme.space[6]};
`;

const Features = styled.section.withConfig(sc('LandingFeatures'))`
  max-width: 1080px;
  margin: 0 auto;
  padding: ${theme.space[7]} ${theme.space[4]};
  display: grid;
  gap: ${theme.space[4]};
  ${media.tablet} {
    grid-template-columns: repeat(3, 1fr);
    padding: ${theme.space[7]} ${theme.space[5]};
  }
`;

const Feature = styled.article.withConfig(sc('LandingFeature'))`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.card};
  padding: ${theme.space[5]};
  h2 {
    margin: ${theme.space[3]} 0 ${theme.space[2]};
    font-size: ${theme.font.size.lg};
  }
  p {
    margin: 0;
    color: ${theme.color.muted};
  }
`;

const FeatureIcon = styled.span.withConfig(sc('LandingFeatureIcon'))`
  display: inline-flex;
  width: 40px;
  height: 40px;
  align-items: center;
  justify-content: center;
  border-radius: 10px;
  background: ${theme.color.brandTint};
  color: ${theme.color.brand};
`;

const Motto = styled.p.withConfig(sc('LandingMotto'))`
  margin: 0 auto ${theme.space[7]};
  text-align: center;
  color: ${theme.color.ink};
  font-size: ${theme.font.size.lg};
  font-weight: 600;
`;

const icon = (d: string) => <OutlineIcon d={d} size={22} />;

export function LandingPage({ productName }: { productName: string }) {
  return (
    <>
      <Hero>
        <HeroInner>
          <Eyebrow>Closed beta · invite only</Eyebrow>
          <Headline>
            <VerbWindow>
              <VerbReel aria-hidden="true">
                {[...VERBS, VERBS[0]].map((verb, i) => (
                  <span key={i}>{verb}</span>
                ))}
              </VerbReel>
              <span className="visually-hidden">{VERBS.join(', ')}</span>
            </VerbWindow>{' '}
            your fire service career.
          </Headline>
          <Lead>
            Your hires, promotions, stations, apparatus, certifications and awards on one public page you are proud to
            share — a career record that goes wherever your link goes.
          </Lead>
          <Ctas>
            <ButtonLink href="/register">Build Your {productName} Bio</ButtonLink>
            <ButtonLink href="/profiles/1/public" $variant="secondary">
              See a Sample Profile
            </ButtonLink>
          </Ctas>
        </HeroInner>
      </Hero>
      <Features aria-label="What you can do">
        <Feature>
          <FeatureIcon>{icon('M12 8v4l3 3M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z')}</FeatureIcon>
          <h2>Chart your career</h2>
          <p>A timeline from your first day on the job through every promotion, transfer and assignment.</p>
        </Feature>
        <Feature>
          <FeatureIcon>{icon('M12 15l-3.5 2 1-4-3-2.7 4-.3L12 6l1.5 4 4 .3-3 2.7 1 4z')}</FeatureIcon>
          <h2>Honor the work</h2>
          <p>Awards, certifications, licenses, special units and memorable incidents, each with its own visibility.</p>
        </Feature>
        <Feature>
          <FeatureIcon>
            {icon(
              'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7',
            )}
          </FeatureIcon>
          <h2>Share it by link</h2>
          <p>Publish when you are ready and share a short link with your own custom profile address.</p>
        </Feature>
      </Features>
      <Motto>Built by firefighters for firefighters.</Motto>
    </>
  );
}
