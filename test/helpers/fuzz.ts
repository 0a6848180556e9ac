/** Generated hostile text for the output-format fuzz tests: seeded, so a failure names a case to replay. */
export { seededRandom } from '../../bench/lib';

/** One to six pieces drawn from `pieces` and joined: structure, line breaks and odd characters in one value. */
export function hostileText(next: () => number, pieces: readonly string[]): string {
  return Array.from({ length: 1 + Math.floor(next() * 6) }, () => pieces[Math.floor(next() * pieces.length)]!).join('');
}
