/**
 * The one way an island calls a mutating API route:
 * - success: the spec's toast (`success`, from the answer if a function), then the react-query keys in
 *   `invalidate` are refetched, then `onSuccess` (redirects, resetting the form…);
 * - a call refused with `reauthenticationRequired` opens the step-up dialog once and is retried (islands/lib/api.ts);
 * - failure: the server's message (else the spec's `fallbackMessage`; a network failure says so) in a
 *   destructive toast titled `errorTitle` (default 'Error') — or, with `errorDisplay: 'inline'`, on the form
 *   (`form.formError`, shown by <FormAlert>) — and a 400/409's per-field messages placed on the form's fields.
 *
 *   const save = useApiMutation({
 *     request: (values: ProfileValues) => api.patch<UserJson>('/api/auth/profile', values),
 *     success: { title: 'Profile updated', description: 'Your account details have been saved.' },
 *     fallbackMessage: 'Failed to update profile',
 *     form,
 *   });
 *   <Form onSubmit={form.handleSubmit((values) => save.mutate(values))}>
 */
import type { QueryKey } from '@tanstack/react-query';
import type { FormErrorJson } from '../../src/validation/forms';
import { serverMessageOr, setProofPrompt } from './api';
import { toast, type ToastInput } from './toast';
import { useRequest } from './useRequest';

// A call refused for want of a recent proof asks for it once and is sent again (docs/api.md "Step-up"); the
// dialog's code loads only then.
if (typeof document !== 'undefined')
  setProofPrompt(async (secondFactorRequired) => (await import('./stepUpPrompt')).promptForProof(secondFactorRequired));

/** What useApiMutation needs of a form (useForm's return value has it). */
export interface MutationForm {
  applyServerErrors: (error: unknown) => void;
  setFormError: (error: FormErrorJson | null) => void;
}

export interface ApiMutationOptions<TVars, TData> {
  request: (variables: TVars) => Promise<TData>;
  /** Query keys to refetch after success. */
  invalidate?: readonly QueryKey[];
  /** The spec's success toast; a function may word it from the answer, or return undefined for none. */
  success?: ToastInput | ((data: TData, variables: TVars) => ToastInput | undefined);
  /** Shown when the server sent no message of its own. */
  fallbackMessage: string;
  /** false: the fallbackMessage even when the server sent one (a failure the spec words itself). */
  serverMessage?: boolean;
  /** The failure toast's title (spec 01 §8); 'Error' unless the spec says otherwise. */
  errorTitle?: string;
  /** 'toast' (default) or 'inline': the failure shown on the form (forgot and reset password, spec 01 §8). */
  errorDisplay?: 'toast' | 'inline';
  form?: MutationForm;
  onSuccess?: (data: TData, variables: TVars) => void;
  onError?: (error: unknown, variables: TVars) => void;
}

export function useApiMutation<TVars = void, TData = unknown>(options: ApiMutationOptions<TVars, TData>) {
  const { errorTitle = 'Error', errorDisplay = 'toast' } = options;
  return useRequest<TVars, TData>({
    mutationFn: options.request,
    onSuccess: async (data, variables) => {
      const message = typeof options.success === 'function' ? options.success(data, variables) : options.success;
      if (message) toast(message);
      if (options.invalidate?.length) {
        // The page's one query client (islands that read through react-query share it); an island that only
        // writes loads it here, the first time it has keys to refetch.
        const queryClient = (await import('./queryClient')).getBrowserQueryClient();
        for (const queryKey of options.invalidate) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
      }
      options.onSuccess?.(data, variables);
    },
    onError: (error, variables) => {
      const message =
        options.serverMessage === false ? options.fallbackMessage : serverMessageOr(error, options.fallbackMessage);
      options.form?.applyServerErrors(error);
      if (errorDisplay === 'inline' && options.form) options.form.setFormError({ title: errorTitle, message });
      else toast({ title: errorTitle, description: message, variant: 'destructive' });
      options.onError?.(error, variables);
    },
  });
}
