import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** docs/decisions: one number per record, a Status and a Date in each, and an index that lists them all. */
const folder = path.resolve(import.meta.dirname, '../../docs/decisions');
const records = readdirSync(folder).filter((f) => /^\d{4}-.+\.md$/.test(f));

describe('decision records', () => {
  it('are numbered once each', () => {
    const numbers = records.map((f) => f.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('say their number in the title and carry a Status and a Date', () => {
    for (const file of records) {
      const text = readFileSync(path.join(folder, file), 'utf8');
      expect(text.startsWith(`# ${file.slice(0, 4)} `), file).toBe(true);
      expect(text, file).toMatch(/^- \*\*Status\*\*: \S/m);
      expect(text, file).toMatch(/^- \*\*Date\*\*: \d{4}-\d{2}-\d{2}/m);
    }
  });

  it('are all listed in the index', () => {
    const index = readFileSync(path.join(folder, 'README.md'), 'utf8');
    for (const file of records) expect(index, file).toContain(`(${file})`);
  });
});
