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
