import { createElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/** The spec's data-cache constants: never stale, no refetch on focus or interval, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/** One QueryClient shared by every island of a page in the browser. */
export function getBrowserQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}

/** The browser's provider of that client, around an island that reads through react-query (islands/client.ts). */
export function BrowserQueries({ children }: { children: ReactNode }) {
  return createElement(QueryClientProvider, { client: getBrowserQueryClient() }, children);
}
