/**
 * A request's state for useApiMutation, in the shape react-query's `useMutation` gives (status, data, error,
 * variables, isPending…, mutate, mutateAsync, reset), without react-query: an island that only writes (the
 * passkey sign-in button) ships no query cache (docs/decisions/preact-in-the-browser.md).
 * As react-query does it: `onSuccess` / `onError` run for every call and are awaited before the call settles and
 * before the state says so (a Save stays pending through its redirect); only the latest call sets the state;
 * `mutate` swallows the failure `onError` already reported, `mutateAsync` rejects with it.
 */
import { useCallback, useRef, useState } from 'react';

export interface RequestOptions<TVars, TData> {
  mutationFn: (variables: TVars) => Promise<TData>;
  onSuccess?: (data: TData, variables: TVars) => unknown;
  onError?: (error: unknown, variables: TVars) => unknown;
}

type Status = 'idle' | 'pending' | 'success' | 'error';

interface RequestState<TVars, TData> {
  status: Status;
  data: TData | undefined;
  error: unknown;
  variables: TVars | undefined;
}

const IDLE = { status: 'idle', data: undefined, error: null, variables: undefined } as const;

export function useRequest<TVars, TData>(options: RequestOptions<TVars, TData>) {
  const [state, setState] = useState<RequestState<TVars, TData>>(IDLE);
  const latestOptions = useRef(options);
  latestOptions.current = options;
  const latestCall = useRef(0);

  const mutateAsync = useCallback(async (variables: TVars): Promise<TData> => {
    const call = ++latestCall.current;
    const settle = (next: RequestState<TVars, TData>) => {
      if (call === latestCall.current) setState(next);
    };
    settle({ status: 'pending', data: undefined, error: null, variables });
    const { mutationFn, onSuccess, onError } = latestOptions.current;
    let data: TData;
    try {
      data = await mutationFn(variables);
    } catch (error) {
      await onError?.(error, variables);
      settle({ status: 'error', data: undefined, error, variables });
      throw error;
    }
    await onSuccess?.(data, variables);
    settle({ status: 'success', data, error: null, variables });
    return data;
  }, []);

  const mutate = useCallback(
    (variables: TVars) => void mutateAsync(variables).catch(() => undefined), // reported through onError
    [mutateAsync],
  );
  const reset = useCallback(() => {
    latestCall.current++;
    setState(IDLE);
  }, []);

  return {
    ...state,
    isIdle: state.status === 'idle',
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    mutate,
    mutateAsync,
    reset,
  };
}
