/**
 * "Suggest caption" in the photo editor (docs/decisions/ai-assist.md): sends the photo (by reference — the server reads its
 * medium, metadata-free variant) to the vision model and shows the suggested caption, category and tags with
 * Accept and Reject. Accept hands the suggestion to the editor (`onAccept`), which fills its fields (still
 * editable, saved as the editor saves); either answer is recorded as feedback. Render it only when the page
 * says AI is on (`aiAssist`).
 *
 *   <SuggestCaptionButton photo={{ profileId, photoIndex }} onAccept={({ caption, category, tags }) => …} />
 */
import type { PhotoCaptionResponse } from '../../src/validation/ai';
import { AI_MESSAGES } from '../../src/validation/ai';
import { humanize } from '../../src/validation/lists/define';
import { aiApi, type PhotoReference } from './aiApi';
import { useAiSuggestion } from './useAiSuggestion';
import { Button } from '../../views/ui/Button';
import { SuggestionPanel } from './EnhanceButton';

export type CaptionSuggestion = Pick<PhotoCaptionResponse, 'caption' | 'category' | 'tags' | 'confidence'>;

export function SuggestCaptionButton({
  photo,
  onAccept,
  onSuggestion,
  disabled = false,
}: {
  photo: PhotoReference;
  /** The user accepted: the editor's caption, category and tags take these. */
  onAccept: (suggestion: CaptionSuggestion) => void;
  /** Called when a suggestion arrives (before the user answers), for editors that show it their own way. */
  onSuggestion?: (suggestion: CaptionSuggestion) => void;
  disabled?: boolean;
}) {
  const ai = useAiSuggestion({
    request: async () => {
      const answer = await aiApi.photoCaption(photo);
      onSuggestion?.(answer);
      return answer;
    },
    errorTitle: AI_MESSAGES.captionFailed,
  });
  const suggestion = ai.suggestion;
  if (suggestion) {
    return (
      <SuggestionPanel
        label="photo caption"
        confidence={suggestion.confidence}
        suggestion={
          <>
            {suggestion.caption}
            <br />
            <small>
              {`Category: ${humanize(suggestion.category)}`}
              {suggestion.tags.length ? ` · Tags: ${suggestion.tags.join(', ')}` : ''}
            </small>
          </>
        }
        note="The model sees only the photo: add names, places and dates yourself."
        onAccept={() => {
          const accepted = ai.accept();
          if (accepted) onAccept(accepted);
        }}
        onReject={() => ai.reject()}
      />
    );
  }
  return (
    <Button
      type="button"
      $variant="secondary"
      disabled={disabled || ai.pending}
      aria-busy={ai.pending || undefined}
      onClick={ai.ask}
    >
      <span aria-hidden="true">✦</span>
      {ai.pending ? 'Suggesting…' : 'Suggest caption'}
    </Button>
  );
}
