import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ClusterSeal, parseClusterKey, parseClusterKeys } from './clusterSeal.js';

describe('the seal of the messages between processes', () => {
  const key = randomBytes(32);
  const text = JSON.stringify({ t: 'msg', m: { type: 'snapshot', view: { hand: [3, 17, 22] }, legal: ['EO', 'GU'] } });

  it('opens what it sealed, and shows nothing of it', () => {
    const a = new ClusterSeal([key], 'nodeA');
    const b = new ClusterSeal([key], 'nodeB');
    const sealed = a.seal('stich:to:nodeB', text);
    expect(sealed).toMatch(/^s1\.[0-9a-f]{8}\.nodeA\.1\.[\w-]{16}\.[\w-]+$/);
    for (const clear of ['hand', 'legal', 'snapshot', 'EO']) expect(sealed.split('.').slice(4).join('.')).not.toContain(`"${clear}`);
    expect(b.open('stich:to:nodeB', sealed)).toEqual({ ok: true, text, from: 'nodeA' });
  });

  it('pads every message to a multiple of 512 bytes: lengths tell little', () => {
    const a = new ClusterSeal([key], 'nodeA');
    const b = new ClusterSeal([key], 'nodeB');
    const lengthOf = (t: string) => Buffer.from(a.seal('c', t).split('.')[5], 'base64url').length - 16;
    expect(lengthOf(JSON.stringify({ legal: ['EO'] }))).toBe(512);
    expect(lengthOf(JSON.stringify({ legal: ['EO', 'GO', 'HO', 'SO', 'EU', 'GU', 'HU', 'SU'] }))).toBe(512);
    expect(lengthOf('x'.repeat(511))).toBe(512);
    expect(lengthOf('x'.repeat(512))).toBe(1024);
    const long = JSON.stringify({ chat: 'Grüß Gott '.repeat(100) });
    expect(b.open('c', a.seal('c', long))).toEqual({ ok: true, text: long, from: 'nodeA' });
  });

  it('refuses a message in clear, sealed with another key, changed, moved to another channel, or heard before', () => {
    const a = new ClusterSeal([key], 'nodeA');
    const b = new ClusterSeal([key], 'nodeB');
    expect(b.open('stich:to:nodeB', text)).toEqual({ ok: false, why: 'form' });
    expect(b.open('stich:to:nodeB', new ClusterSeal([randomBytes(32)], 'nodeA').seal('stich:to:nodeB', text))).toEqual({ ok: false, why: 'key' });
    const sealed = a.seal('stich:to:nodeB', text);
    const parts = sealed.split('.');
    const data = Buffer.from(parts[5], 'base64url');
    data[0] ^= 1;
    expect(b.open('stich:to:nodeB', [...parts.slice(0, 5), data.toString('base64url')].join('.'))).toEqual({ ok: false, why: 'tag' });
    // Another sender or counter than sealed: the tag covers them.
    expect(b.open('stich:to:nodeB', [parts[0], parts[1], 'nodeC', ...parts.slice(3)].join('.'))).toEqual({ ok: false, why: 'tag' });
    expect(b.open('stich:to:nodeB', [...parts.slice(0, 3), '7', ...parts.slice(4)].join('.'))).toEqual({ ok: false, why: 'tag' });
    expect(b.open('stich:to:nodeC', sealed)).toEqual({ ok: false, why: 'tag' });
    expect(b.open('stich:to:nodeB', sealed).ok).toBe(true);
    expect(b.open('stich:to:nodeB', sealed)).toEqual({ ok: false, why: 'replay' });
    // Later messages of the same sender pass; an older one played again does not.
    const second = a.seal('stich:all', text);
    const third = a.seal('stich:to:nodeB', text);
    expect(b.open('stich:to:nodeB', third).ok).toBe(true);
    expect(b.open('stich:all', second)).toEqual({ ok: false, why: 'replay' });
  });

  it('replaces a key process by process: OLD,NEW opens NEW; NEW,OLD seals with NEW and opens OLD', () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const old = new ClusterSeal([oldKey], 'a');
    const both = new ClusterSeal([oldKey, newKey], 'b');
    const next = new ClusterSeal([newKey, oldKey], 'c');
    expect(both.open('x', next.seal('x', 'hi')).ok).toBe(true);
    expect(next.open('x', old.seal('x', 'hi')).ok).toBe(true);
    expect(old.open('x', both.seal('x', 'hi')).ok).toBe(true);
    expect(old.open('x', next.seal('x', 'hi'))).toEqual({ ok: false, why: 'key' });
  });

  it('takes a key of 32 bytes in hex or base64, and refuses anything else with the way to make one', () => {
    const k = randomBytes(32);
    expect(parseClusterKey(k.toString('hex'))).toEqual(k);
    expect(parseClusterKey(k.toString('base64'))).toEqual(k);
    expect(parseClusterKey(k.toString('base64url'))).toEqual(k);
    expect(parseClusterKeys(`${k.toString('hex')},${randomBytes(32).toString('hex')}`)).toHaveLength(2);
    for (const bad of ['', 'secret', 'ab'.repeat(31), randomBytes(16).toString('base64'), `${k.toString('hex')},`]) expect(() => parseClusterKeys(bad)).toThrow(/openssl rand -hex 32/);
  });
});
