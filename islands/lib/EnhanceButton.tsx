/**
 * "Enhance" on a long text field (docs/decisions/ai-assist.md): asks the AI model for a better-written version of what the user
 * wrote, shows it beside the original with its confidence, and lets the user accept it (the field takes it and
 * stays editable — it is saved like typed text, on blur) or reject it. Shown only when the server has a model
 * (the page passes `aiAssist`).
 *
 * - `EnhanceAssist`: the control for one field (the profile editor's personal statement).
 * - `AiAssistProvider` + `EnhanceSlot`: for the list editor — the provider (at the island's root) says whether
 *   AI is on and which list this is; the slot, rendered beside each textarea, shows the control when that
 *   list field has an Enhance action (ENHANCE_FIELDS).
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useId } from '../../views/ui/useId';
import { styled } from 'styled-components';
import { AI_MESSAGES, ENHANCE_FIELDS, enhanceFieldKey, type EnhanceField } from '../../src/validation/ai';
import { aiApi } from './aiApi';
import { useAiSuggestion } from './useAiSuggestion';
import { Badge } from '../../views/ui/Badge';
import { Button } from '../../views/ui/Button';
import { sc } from '../../views/ui/sc';
import { theme, media } from '../../views/ui/theme';

const Row = styled.div.withConfig(sc('EnhanceRow'))`
  display: flex;
  justify-content: flex-end;
  margin-top: ${theme.space[2]};
`;

const Panel = styled.div.withConfig(sc('EnhancePanel'))`
  margin-top: ${theme.space[3]};
  border: 1px solid ${theme.color.line};
  border-left: 4px solid ${theme.color.brand};
  border-radius: ${theme.radius.control};
  background: ${theme.color.surface};
  padding: ${theme.space[4]};
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  & h4 {
    margin: 0;
    font-size: ${theme.font.size.md};
  }
`;

const Head = styled.div.withConfig(sc('EnhancePanelHead'))`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[2]};
`;

const Compare = styled.div.withConfig(sc('EnhanceCompare'))`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space[3]};
  ${media.tablet} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
  & figure {
    margin: 0;
    display: flex;
    flex-direction: column;
    gap: ${theme.space[1]};
    min-width: 0;
  }
  & figcaption {
    font-size: ${theme.font.size.sm};
    font-weight: 600;
    color: ${theme.color.muted};
  }
  & blockquote {
    margin: 0;
    padding: ${theme.space[3]};
    border-radius: ${theme.radius.control};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    font-size: ${theme.font.size.md};
    line-height: 1.5;
  }
  & figure:first-child blockquote {
    background: ${theme.color.canvas};
    color: ${theme.color.muted};
  }
  & figure:last-child blockquote {
    background: ${theme.color.brandTint};
    color: ${theme.color.ink};
  }
`;

const Note = styled.p.withConfig(sc('EnhanceNote'))`
  margin: 0;
  font-size: ${theme.font.size.sm};
  color: ${theme.color.muted};
`;

const Actions = styled.div.withConfig(sc('EnhanceActions'))`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`;

/** A confidence 0–1 as the admin tab shows it: a percentage. */
export const confidencePercent = (confidence: number) => `${Math.round(confidence * 100)}%`;

/** The suggestion beside the original, with Accept and Reject (shared by enhancement and photo captions). */
export function SuggestionPanel({
  label,
  confidence,
  original,
  suggestion,
  note,
  onAccept,
  onReject,
}: {
  /** What was enhanced ("Personal Statement"): names the group for screen readers. */
  label: string;
  confidence: number;
  /** The original, shown on the left (omitted for a photo). */
  original?: ReactNode;
  suggestion: ReactNode;
  note: string;
  onAccept: () => void;
  onReject: () => void;
}) {
  const headingId = useId();
  return (
    <Panel role="group" aria-labelledby={headingId} data-ai-suggestion="">
      <Head>
        <h4 id={headingId}>{`AI suggestion for ${label}`}</h4>
        <Badge $tone={confidence >= 0.7 ? 'ok' : confidence >= 0.4 ? 'warn' : 'danger'}>
          {`${confidencePercent(confidence)} confidence`}
        </Badge>
      </Head>
      <Compare>
        {original !== undefined ? (
          <figure>
            <figcaption>Original</figcaption>
            <blockquote>{original}</blockquote>
          </figure>
        ) : null}
        <figure>
          <figcaption>Suggestion</figcaption>
          <blockquote>{suggestion}</blockquote>
        </figure>
      </Compare>
      <Note>{note}</Note>
      <Actions>
        <Button type="button" onClick={onAccept}>
          Accept
        </Button>
        <Button type="button" $variant="secondary" onClick={onReject}>
          Reject
        </Button>
      </Actions>
    </Panel>
  );
}

export interface EnhanceAssistProps {
  field: EnhanceField;
  /** The field's label, for the button's accessible name ("Enhance Personal Statement"). */
  label: string;
  /** The field's current text (what is sent). */
  text: string;
  /** A short context (an incident's title); at most AI_CONTEXT_MAX characters are sent. */
  context?: string | null;
  /** The textarea's id: it gets the focus back after an answer, so the user keeps editing there. */
  targetId: string;
  /** The field takes the accepted text. */
  onAccept: (text: string) => void;
}

const focusLater = (id: string) =>
  requestAnimationFrame(() => (document.getElementById(id) as HTMLTextAreaElement | null)?.focus());

export function EnhanceAssist({ field, label, text, context = null, targetId, onAccept }: EnhanceAssistProps) {
  const ai = useAiSuggestion({
    request: () => aiApi.enhance({ field, text, context }),
    errorTitle: AI_MESSAGES.enhanceFailed,
  });
  const { max } = ENHANCE_FIELDS[field];
  const blank = !text.trim();
  const suggestion = ai.suggestion;
  if (suggestion) {
    return (
      <SuggestionPanel
        label={label}
        confidence={suggestion.confidence}
        original={suggestion.original}
        suggestion={suggestion.enhanced}
        note="Check that names, dates and numbers are still right before you accept."
        onAccept={() => {
          const accepted = ai.accept();
          if (accepted) onAccept(accepted.enhanced);
          focusLater(targetId);
        }}
        onReject={() => {
          ai.reject();
          focusLater(targetId);
        }}
      />
    );
  }
  return (
    <Row>
      <Button
        type="button"
        $variant="secondary"
        aria-label={`Enhance ${label}`}
        title={blank ? AI_MESSAGES.textRequired : `Suggest a clearer version (up to ${max} characters)`}
        disabled={blank || text.length > max || ai.pending}
        aria-busy={ai.pending || undefined}
        onClick={ai.ask}
      >
        <span aria-hidden="true">✦</span>
        {ai.pending ? 'Enhancing…' : 'Enhance'}
      </Button>
    </Row>
  );
}

interface AiAssistSettings {
  enabled: boolean;
  /** The list key (`incidents`, `awards`, `timeline`…) whose fields the slots below belong to. */
  list: string;
}

const AiAssistContext = createContext<AiAssistSettings>({ enabled: false, list: '' });

export function AiAssistProvider({ enabled, list, children }: AiAssistSettings & { children: ReactNode }) {
  return <AiAssistContext.Provider value={{ enabled, list }}>{children}</AiAssistContext.Provider>;
}

/** Beside a list editor's textarea: the Enhance control when AI is on and this field has one, else nothing. */
export function EnhanceSlot({
  name,
  label,
  value,
  targetId,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  targetId: string;
  onChange: (value: string) => void;
}) {
  const { enabled, list } = useContext(AiAssistContext);
  const field = enabled ? enhanceFieldKey(list, name) : undefined;
  if (!field) return null;
  return <EnhanceAssist field={field} label={label} text={value} targetId={targetId} onAccept={onChange} />;
}
