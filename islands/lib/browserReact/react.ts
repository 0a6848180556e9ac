/**
 * What `react` is in the browser build (scripts/build.ts aliases it here; the server renders with React itself):
 * Preact's React layer (docs/decisions/preact-in-the-browser.md), with two things kept as React does them:
 * - `useId` is scoped to its root the way React's `identifierPrefix` scopes it (react-dom/client beside this
 *   file provides the prefix): Preact numbers ids per root from zero, so two roots would share ids. The kit and
 *   the islands use views/ui/useId.ts, which needs this only outside an island;
 * - a controlled <textarea> keeps its text as its content, as the server wrote it: Preact would drop that text
 *   node while hydrating, leaving the field's default empty, and the field would look changed
 *   (views/ui/typedBeforeHydration.ts).
 */
import { options, type VNode } from 'preact';
import { createContext, useContext, useId as useRootId } from 'preact/compat';

// @ts-expect-error compat's types are React's namespace (`export =`); the module esbuild bundles is plain ESM.
export * from 'preact/compat';
export { default } from 'preact/compat';

/** The root's `identifierPrefix`. */
export const IdentifierPrefix = createContext('');

export function useId(): string {
  return useContext(IdentifierPrefix) + useRootId();
}

const previousVNodeHook = options.vnode;
options.vnode = (vnode: VNode<{ value?: unknown; children?: unknown }>) => {
  const props = vnode.props;
  if (vnode.type === 'textarea' && props.value != null && props.children == null) props.children = String(props.value);
  previousVNodeHook?.(vnode);
};
