/**
 * A page's style sheet whose rules are worked out once per process. styled-components hands each new
 * ServerStyleSheet (one per render) a component's CSS and runs stylis on it again, though the result depends only
 * on the rule's name: a hash of the CSS text (a static component's name is its id). So the stylis output is kept
 * process-wide per (component id, name) and given to every later sheet that asks for that name; the page's
 * <style> is byte for byte what stylis would have made, in the same order (the sheet still orders rules by
 * component). Content-addressed: nothing to invalidate, only a bound.
 */

import { ServerStyleSheet } from 'styled-components';
import { entryLimitedCache } from '../entryLimitedCache';

/** One entry per rule name a render has used: components × the prop values that change their CSS. */
const rulesByName = entryLimitedCache<string, string[]>(20_000);

const nameKey = (id: string, name: string) => `${id} ${name}`;

export function serverStyleSheet(): ServerStyleSheet {
  const sheet = new ServerStyleSheet();
  const instance = sheet.instance;
  const has = instance.hasNameForId.bind(instance);
  const insert = instance.insertRules.bind(instance);
  // styled-components asks before it runs stylis: a name worked out before is inserted as it was then — through
  // the sheet's insertRules as it is at that moment, so whoever records a render's rules (a kept part) sees it.
  instance.hasNameForId = (id, name) => {
    if (has(id, name)) return true;
    const rules = rulesByName.get(nameKey(id, name));
    if (!rules) return false;
    instance.insertRules(id, name, rules);
    return true;
  };
  instance.insertRules = (id, name, rules) => {
    const key = nameKey(id, name);
    if (!rulesByName.has(key)) rulesByName.set(key, [...rules]);
    insert(id, name, rules);
  };
  return sheet;
}

/** styled-components' rule separator, and the marker each component's rules end with (its id and class names). */
const SPLITTER = '/*!sc*/\n';
const MARKER = /^data-styled\.g\d+\[id="/;

/**
 * The page's component styles as two tags (docs/decisions/lazy-hydration.md): the rules, a plain `<style>` the
 * browser keeps as it is, and the names, the tag styled-components rehydrates from (`data-styled`), which applies
 * to nothing (`media="not all"`). styled-components in the browser reads which class names the server made from
 * that tag and removes it; given the rules there too, it would insert every one of them again into a sheet of its
 * own and remove the server's, restyling the whole page while the first island hydrates. A rule it makes later
 * (props the server never rendered) goes into its own sheet, after the server's rules.
 */
export function pageStyleTags(sheet: ServerStyleSheet): string {
  const tags = sheet.getStyleTags();
  const open = /^<style[^>]*>/.exec(tags)?.[0];
  if (!open || !tags.endsWith('</style>')) return tags;
  const parts = tags.slice(open.length, -'</style>'.length).split(SPLITTER);
  const rules = parts.filter((part) => part && !MARKER.test(part));
  const names = parts.filter((part) => MARKER.test(part));
  const namesTag = `${open.slice(0, -1)} media="not all">${names.map((part) => part + SPLITTER).join('')}</style>`;
  return `<style>${rules.join('')}</style>${namesTag}`;
}
