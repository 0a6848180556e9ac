/**
 * One AI suggestion's life in an island: ask (the button shows it is busy; a failure is a destructive toast
 * with the server's message — too slow, unusable answer, rate limit, not configured), then show it until the
 * user accepts or rejects it; either answer is sent once as feedback (POST /api/ai/logs/{id}/feedback).
 */
import { useState } from 'react';
import { aiApi } from './aiApi';
import { useApiMutation } from './useApiMutation';

export function useAiSuggestion<T extends { logId: number }>(options: {
  request: () => Promise<T>;
  /** The failure toast's title ('Enhancement failed', 'Caption suggestion failed'). */
  errorTitle: string;
}) {
  const [suggestion, setSuggestion] = useState<T | null>(null);
  const ask = useApiMutation<void, T>({
    request: options.request,
    errorTitle: options.errorTitle,
    fallbackMessage: 'Please try again.',
    onSuccess: (answer) => setSuggestion(answer),
  });
  const feedback = useApiMutation<{ logId: number; accepted: boolean }, unknown>({
    request: ({ logId, accepted }) => aiApi.feedback(logId, accepted),
    errorTitle: 'Feedback not saved',
    fallbackMessage: 'Your answer to the AI suggestion could not be saved.',
  });

  /** Closes the suggestion and records the answer; returns the suggestion answered. */
  const answer = (accepted: boolean): T | null => {
    const current = suggestion;
    if (!current) return null;
    setSuggestion(null);
    feedback.mutate({ logId: current.logId, accepted });
    return current;
  };

  return {
    suggestion,
    pending: ask.isPending,
    ask: () => ask.mutate(),
    accept: () => answer(true),
    reject: () => answer(false),
  };
}
