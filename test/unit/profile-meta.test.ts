/** The sharing description of a profile page: the personal statement, cut at a word boundary with an ellipsis. */
import test from 'ava';
import { DESCRIPTION_MAX, profileMeta, summarize } from '../../src/render/profileMeta';
import type { ProfileJson } from '../../src/validation/profiles';

test('a short text is kept whole, on one line', (t) => {
  t.is(summarize('  Truck company\n officer.  '), 'Truck company officer.');
  t.is(summarize('x'.repeat(DESCRIPTION_MAX)), 'x'.repeat(DESCRIPTION_MAX));
});

test('a long text is cut after a whole word, with an ellipsis, within the length', (t) => {
  const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
  const cut = summarize(words);
  t.true(cut.length <= DESCRIPTION_MAX, String(cut.length));
  t.true(cut.endsWith('…'));
  const kept = cut.slice(0, -1);
  t.true(words.startsWith(`${kept} `), 'ends at a word boundary');
  t.true(kept.length > DESCRIPTION_MAX - 12, 'and not much shorter than it may be');
  t.is(summarize('Ventilation, search and forcible entry, and more', 40), 'Ventilation, search and forcible entry…');
  t.is(summarize('a'.repeat(200), 10), `${'a'.repeat(9)}…`, 'one long word is cut inside it, within the length');
});

test('the page description is the statement summarized', (t) => {
  const statement = `${'Engine company officer with twenty years on the line. '.repeat(4)}`;
  const meta = profileMeta(
    { id: 3, username: null, name: 'A B', rank: 'Captain', title: null, personalStatement: statement } as ProfileJson,
    'https://x.example',
    'Turnout',
  );
  t.is(meta.description, summarize(statement));
  t.regex(meta.description, /line\.…$|\w…$/);
  t.true(meta.description.length <= DESCRIPTION_MAX);
});
