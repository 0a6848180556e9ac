/**
 * Style rules worked out once per process (src/render/styleSheet.ts): a render that finds its rules kept gives
 * the page the same <style> styled-components' own sheet gives, and runs stylis for none of them.
 */
import test from 'ava';
import { createElement as h, Fragment, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet, StyleSheetManager, styled } from 'styled-components';
import type { Middleware } from 'stylis';
import { pageStyleTags, serverStyleSheet } from '../../src/render/styleSheet';
import { theme } from '../../views/ui/theme';
import { sc } from '../../views/ui/sc';

const Box = styled.div.withConfig(sc('StyleSheetTestBox'))<{ $wide: boolean }>`
  padding: ${theme.space[3]};
  width: ${(p) => (p.$wide ? '100%' : 'auto')};
  @media (min-width: 768px) {
    color: ${theme.color.brand};
  }
`;
const Fixed = styled.span.withConfig(sc('StyleSheetTestFixed'))`
  font-weight: 600;
  &:hover {
    text-decoration: underline;
  }
`;

/** How many rules stylis handled: a plugin sees every rule it makes. */
let stylisRules = 0;
const countRules: Middleware = (element) => {
  if (element.type === 'rule') stylisRules += 1;
};

const view = (wide: boolean) =>
  h(
    StyleSheetManager,
    { stylisPlugins: [countRules] },
    h(Fragment, null, h(Box, { $wide: wide }, h(Fixed, null, 'one')), h(Box, { $wide: !wide }, 'two')),
  );

function render(sheet: ServerStyleSheet, element: ReactElement): { html: string; styles: string } {
  try {
    const html = renderToString(sheet.collectStyles(element));
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

test('a render from kept rules is what styled-components makes on its own, without running stylis again', (t) => {
  const first = render(serverStyleSheet(), view(true));
  t.true(first.styles.includes('width:100%'), 'the dynamic rule is there');
  t.true(first.styles.includes('text-decoration:underline'), 'the static rule is there');
  const reference = render(new ServerStyleSheet(), view(true));
  t.deepEqual(render(serverStyleSheet(), view(true)), reference, 'the same markup and the same <style>');
  t.deepEqual(first, reference);

  stylisRules = 0;
  const kept = render(serverStyleSheet(), view(true));
  t.is(stylisRules, 0, 'no rule went through stylis');
  t.deepEqual(kept, render(new ServerStyleSheet(), view(true)));
  t.true(stylisRules > 0, "styled-components' own sheet runs stylis every time");
});

test('a new prop value is worked out and kept like the first', (t) => {
  render(serverStyleSheet(), view(true));
  const flipped = render(serverStyleSheet(), view(false));
  t.deepEqual(flipped, render(new ServerStyleSheet(), view(false)));
});

test('the page carries the rules in a plain <style> and only the names where styled-components rehydrates', (t) => {
  const sheet = serverStyleSheet();
  try {
    renderToString(sheet.collectStyles(view(true)));
    const tags = pageStyleTags(sheet);
    const [, rules, namesOpen, names] = /^<style>(.*?)<\/style>(<style[^>]*>)([\s\S]*)<\/style>$/s.exec(tags) ?? [];
    t.truthy(rules, 'a plain <style> first');
    // Every rule styled-components made, in its order, and no marker among them.
    const own = sheet
      .getStyleTags()
      .replace(/^<style[^>]*>|<\/style>$/g, '')
      .split('/*!sc*/\n')
      .filter((part) => part && !part.startsWith('data-styled.'));
    t.is(rules, own.join(''));
    t.true(rules!.includes('width:100%') && rules!.includes('text-decoration:underline'));
    // The names: what the browser's styled-components reads (its selector), applying to nothing.
    t.regex(namesOpen!, /^<style data-styled="true" data-styled-version="[\d.]+" media="not all">$/);
    const markers = names!.split('/*!sc*/\n').filter(Boolean);
    t.true(markers.length >= 2);
    for (const marker of markers) t.regex(marker, /^data-styled\.g\d+\[id="[^"]+"\]\{content:"[^"]*"\}$/);
    t.true(names!.includes('StyleSheetTestBox') && names!.includes('StyleSheetTestFixed'));
  } finally {
    sheet.seal();
  }
});
