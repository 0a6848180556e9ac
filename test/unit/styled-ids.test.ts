import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';

/** Every .ts/.tsx file under the folders that hold styled components, with its text. */
function sources(): Array<{ file: string; text: string }> {
  const found: Array<{ file: string; text: string }> = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) found.push({ file: full, text: fs.readFileSync(full, 'utf8') });
    }
  };
  for (const dir of ['islands', 'views', 'src']) walk(path.resolve(dir));
  return found;
}

/** Every styled component's id (sc('…')) must be unique, or two components would share one class name. */
test('styled component ids are unique across islands and views', (t) => {
  const seen = new Map<string, string>();
  const duplicates: string[] = [];
  for (const { file, text } of sources()) {
    for (const match of text.matchAll(/withConfig\(sc\('([^']+)'\)\)/g)) {
      const id = match[1]!;
      if (seen.has(id)) duplicates.push(`${id}: ${seen.get(id)} and ${file}`);
      else seen.set(id, file);
    }
  }
  t.true(seen.size > 10);
  t.deepEqual(duplicates, []);
});

test('no styled component is created without a fixed id', (t) => {
  // styled.x`…` or styled(X)`…` directly, without .withConfig(sc(…))
  const offenders = sources().flatMap(({ file, text }) =>
    [...text.matchAll(/styled(\.\w+|\([\w.]+\))(<[^`]*?>)?`/g)].map((match) => `${file}: ${match[0]}`),
  );
  t.deepEqual(offenders, []);
});
