import { describe, expect, it } from 'vitest';
import { prettyJson } from './prettyJson.js';

describe('prettyJson', () => {
  it('keeps flat arrays on one line and round-trips', () => {
    const value = { a: [1, 2], b: [[0, 'weiter'], [1, 'EA']], c: { d: null, e: [{ f: 1 }] } };
    const text = prettyJson(value);
    expect(JSON.parse(text)).toEqual(value);
    expect(text).toContain('"a": [1,2]');
    expect(text).toContain('"b": [[0,"weiter"],[1,"EA"]]');
  });
});
