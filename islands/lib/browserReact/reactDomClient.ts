/**
 * What `react-dom/client` is in the browser build (scripts/build.ts; docs/decisions/preact-in-the-browser.md):
 * Preact's roots, keeping React's `identifierPrefix`. A root made without one (the toaster, a prompt) gets its own
 * (`r1-`, `r2-`, …): Preact numbers ids per root from zero, so two roots would otherwise share ids.
 */
import type { ComponentChild } from 'preact';
import { createElement, hydrate, render, unmountComponentAtNode } from 'preact/compat';
import { IdentifierPrefix } from './react';

interface RootOptions {
  identifierPrefix?: string;
}

interface Root {
  render(children: ComponentChild): void;
  unmount(): void;
}

let roots = 0;
const scoped = (prefix: string, children: ComponentChild) =>
  createElement(IdentifierPrefix.Provider, { value: prefix }, children);

export function createRoot(container: Element, options: RootOptions = {}): Root {
  const prefix = options.identifierPrefix ?? `r${++roots}-`;
  return {
    render: (children) => render(scoped(prefix, children), container),
    unmount: () => void unmountComponentAtNode(container),
  };
}

/** Adopts the server's HTML: its ids match (views/ui/useId.ts), so nothing in the DOM is rewritten. */
export function hydrateRoot(container: Element, children: ComponentChild, options: RootOptions = {}): Root {
  const prefix = options.identifierPrefix ?? `r${++roots}-`;
  hydrate(scoped(prefix, children), container);
  return {
    render: (next) => render(scoped(prefix, next), container),
    unmount: () => void unmountComponentAtNode(container),
  };
}
