import { describe, expect, it } from 'vitest';
import { boundedMemo } from './bounded-memo';

describe('boundedMemo', () => {
  it('makes a value once per key and keeps at most the limit, least recently used dropped first', () => {
    const made: string[] = [];
    const memo = boundedMemo<string>(2);
    const get = (key: string) =>
      memo(key, () => {
        made.push(key);
        return `<p>${key}</p>`;
      });
    expect(get('a')).toBe('<p>a</p>');
    expect(get('b')).toBe('<p>b</p>');
    expect(get('a')).toBe('<p>a</p>'); // a hit, and now the most recent
    expect(get('c')).toBe('<p>c</p>'); // drops b, the least recently used
    expect(get('a')).toBe('<p>a</p>');
    expect(get('b')).toBe('<p>b</p>'); // made again
    expect(made).toEqual(['a', 'b', 'c', 'b']);
  });
});
