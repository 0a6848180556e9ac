import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { theme } from '../ui/theme';

/** Wraps every island root, identically on the server and in the browser, so hydration matches. */
export function IslandProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}
