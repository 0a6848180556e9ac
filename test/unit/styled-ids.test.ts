import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';

/** Every styled component's id (sc('…')) must be unique, or two components would share one class name. */
test('styled component ids are unique across islands and views', (t) => {
  const seen = new Map<string, string>();
  const duplicates: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) {
        for (const match of fs.readFileSync(full, 'utf8').matchAll(/withConfig\(sc\('([^']+)'\)\)/g)) {
          const id = match[1]!;
          if (seen.has(id)) duplicates.push(`${id}: ${seen.get(id)} and ${full}`);
          else seen.set(id, full);
        }
      }
    }
  };
  for (const dir of ['islands', 'views', 'src']) walk(path.resolve(dir));
  t.true(seen.size > 10);
  t.deepEqual(duplicates, []);
});

test('no styled component is created without a fixed id', (t) => {
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) {
        const source = fs.readFileSync(full, 'utf8');
        // styled.x`…` or styled(X)`…` directly, without .withConfig(sc(…)) (or .attrs after it)
        for (const match of source.matchAll(/styled(\.\w+|\([\w.]+\))(<[^`]*?>)?`/g))
          offenders.push(`${full}: ${match[0]}`);
      }
    }
  };
  for (const dir of ['islands', 'views', 'src']) walk(path.resolve(dir));
  t.deepEqual(offenders, []);
});
