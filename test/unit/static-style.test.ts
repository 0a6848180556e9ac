/**
 * The layout's global rules as a static sheet (src/render/StaticStyle.tsx): in the page's <head> once, before the
 * components' styles, as stylis would have printed them — and never worked out again per render.
 */
import test from 'ava';
import { createElement as h, Fragment } from 'react';
import { styled } from 'styled-components';
import { renderDocument } from '../../src/render/renderDocument';
import { Kept } from '../../src/render/Kept';
import { compactCss } from '../../src/render/StaticStyle';
import { GLOBAL_CSS, GlobalStyle } from '../../views/layout/GlobalStyle';
import { sc } from '../../views/ui/sc';
import { theme } from '../../views/ui/theme';

const Box = styled.div.withConfig(sc('StaticStyleTestBox'))`
  color: ${theme.color.ink};
`;

const environment = { production: true, keepParts: true };

test('a page with the global style has its rules once in <head>, before the components’ styles', (t) => {
  const html = renderDocument(
    h(Fragment, null, h(GlobalStyle), h(Box, null, 'one'), h(GlobalStyle)),
    { title: 'Static' },
    environment,
  ).html.toString();
  const head = html.slice(0, html.indexOf('</head>'));
  const tag = `<style>${GLOBAL_CSS}</style>`;
  t.is(head.split(tag).length - 1, 1, 'one static sheet');
  t.true(head.indexOf(tag) < head.indexOf('<style data-styled'), 'before the components’ <style>');
  t.true(GLOBAL_CSS.startsWith('*,*::before,*::after{box-sizing:border-box;}'));
  t.true(GLOBAL_CSS.includes('[data-island]{display:contents;}'), 'the island wrapper rule is there');
  t.false(html.slice(html.indexOf('<body>')).includes(GLOBAL_CSS), 'nothing of it in the body');
});

test('a page without the global style (the résumé) has no static sheet', (t) => {
  const { html } = renderDocument(h(Box, null, 'one'), { title: 'Plain' }, environment);
  t.false(html.toString().includes(GLOBAL_CSS));
});

test('the static sheet refuses to be kept inside a part: no page would get its rules', (t) => {
  t.throws(
    () =>
      renderDocument(
        h(Kept, { identity: ['static-style-test', Date.now()], children: h(GlobalStyle) }),
        { title: 'Kept' },
        environment,
      ),
    { message: /renders only in a page view/ },
  );
});

test('compactCss prints hand-written CSS as stylis does', (t) => {
  t.is(
    compactCss(`
      /* a comment */
      a:focus-visible, b {
        outline: 2px solid red;
        clip: rect(0, 0, 0, 0);
      }
      @media (prefers-reduced-motion: reduce) { * { transition: none !important; } }
    `),
    'a:focus-visible,b{outline:2px solid red;clip:rect(0,0,0,0);}@media (prefers-reduced-motion:reduce){*{transition:none !important;}}',
  );
});
