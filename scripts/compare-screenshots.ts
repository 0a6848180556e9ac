/**
 * Compares two screenshot folders made by scripts/screenshots.ts:
 *
 *   npx tsx scripts/compare-screenshots.ts BEFORE_DIR AFTER_DIR
 *
 * For every PNG name in either folder it prints one line: `same`, `DIFF n px (x%)`, `size WxH → WxH` or
 * `missing` (in BEFORE or AFTER). Two pixels differ when any RGBA channel differs by more than TOLERANCE. For
 * each page that differs it writes AFTER_DIR/diff/<name>.png: the differing pixels in red over a faded copy of
 * the after image (pages of different sizes are compared over their common area, the rest counted as
 * differing). The exit code is always 0; the last line is a summary.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** Per-channel difference (0–255) above which a pixel counts as changed. */
const TOLERANCE = 16;

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

async function readRaw(file: string): Promise<Raw> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Counts differing pixels and draws them red over a faded copy of `after` (its size). */
function diff(before: Raw, after: Raw): { count: number; image: Buffer } {
  const { width, height } = after;
  const image = Buffer.alloc(width * height * 4);
  let count = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const a = (y * width + x) * 4;
      let changed = x >= before.width || y >= before.height;
      if (!changed) {
        const b = (y * before.width + x) * 4;
        for (let c = 0; c < 4; c += 1) {
          if (Math.abs(before.data[b + c]! - after.data[a + c]!) > TOLERANCE) {
            changed = true;
            break;
          }
        }
      }
      if (changed) {
        count += 1;
        image[a] = 255;
        image[a + 1] = 0;
        image[a + 2] = 0;
        image[a + 3] = 255;
      } else {
        // A faded, greyish copy: enough to see where on the page the red is.
        const grey = after.data[a]! * 0.3 + after.data[a + 1]! * 0.59 + after.data[a + 2]! * 0.11;
        const faded = Math.round(255 - (255 - grey) * 0.25);
        image[a] = faded;
        image[a + 1] = faded;
        image[a + 2] = faded;
        image[a + 3] = 255;
      }
    }
  }
  // Pixels of `before` outside `after` cannot be drawn; they still count.
  if (before.width > width || before.height > height) {
    count += before.width * before.height - Math.min(before.width, width) * Math.min(before.height, height);
  }
  return { count, image };
}

async function main(): Promise<void> {
  const [beforeDir, afterDir] = process.argv.slice(2);
  if (!beforeDir || !afterDir) {
    console.error('usage: npx tsx scripts/compare-screenshots.ts BEFORE_DIR AFTER_DIR');
    return;
  }
  const list = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.png')) : []);
  const names = [...new Set([...list(beforeDir), ...list(afterDir)])].sort();
  const diffDir = path.join(afterDir, 'diff');
  fs.rmSync(diffDir, { recursive: true, force: true });
  const totals = { same: 0, diff: 0, size: 0, missing: 0 };
  const width = Math.max(0, ...names.map((n) => n.length));

  for (const name of names) {
    const label = name.padEnd(width);
    const beforeFile = path.join(beforeDir, name);
    const afterFile = path.join(afterDir, name);
    if (!fs.existsSync(beforeFile) || !fs.existsSync(afterFile)) {
      totals.missing += 1;
      console.log(`${label}  missing (in ${fs.existsSync(beforeFile) ? 'AFTER' : 'BEFORE'})`);
      continue;
    }
    const [before, after] = await Promise.all([readRaw(beforeFile), readRaw(afterFile)]);
    const sameSize = before.width === after.width && before.height === after.height;
    if (sameSize && before.data.equals(after.data)) {
      totals.same += 1;
      console.log(`${label}  same`);
      continue;
    }
    const { count, image } = diff(before, after);
    if (sameSize && count === 0) {
      totals.same += 1;
      console.log(`${label}  same`);
      continue;
    }
    fs.mkdirSync(diffDir, { recursive: true });
    await sharp(image, { raw: { width: after.width, height: after.height, channels: 4 } })
      .png()
      .toFile(path.join(diffDir, name));
    if (!sameSize) {
      totals.size += 1;
      console.log(
        `${label}  size ${before.width}x${before.height} → ${after.width}x${after.height} (${count} px differ)`,
      );
    } else {
      totals.diff += 1;
      const percent = ((count / (after.width * after.height)) * 100).toFixed(count < 100 ? 4 : 2);
      console.log(`${label}  DIFF ${count} px (${percent}%)`);
    }
  }
  const changed = totals.diff + totals.size + totals.missing;
  console.log(
    `${names.length} pages: ${totals.same} same, ${totals.diff} differ, ${totals.size} changed size, ` +
      `${totals.missing} missing` +
      (changed ? ` — diff images in ${diffDir}` : ''),
  );
}

await main().catch((error: unknown) => {
  console.error(error);
});
process.exitCode = 0;
