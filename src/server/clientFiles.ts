import { readFileSync, statSync } from 'node:fs';
import type { FastifyStaticOptions } from '@fastify/static';

/**
 * How the server sends the built browser client (dist/client): the .br and .gz files the build writes beside each
 * text file (src/web/build/pwa.ts) go as they are to browsers that accept them; the hashed files under /assets/
 * never change and are cached for a year as immutable; the page, the service worker and the manifest are checked
 * every time (no-cache), so that a new build is seen at once; anything else is cached for an hour. Files are looked
 * up when asked for (`wildcard`), not listed once at start: a build made while the server runs (an upgrade's `npm ci`
 * before the restart) gives a page whose new assets are served, where a list made at start answered them with 404 and
 * the page stayed blank. A path with no file gets the server's own 404.
 */
export function clientFileOptions(root: string): FastifyStaticOptions {
  return {
    root,
    prefix: '/',
    wildcard: true,
    maxAge: '1h',
    preCompressed: true,
    setHeaders: (reply, path) => {
      if (/[\\/]assets[\\/]/.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else if (/(index\.html|sw\.js|\.webmanifest)(\.br|\.gz)?$/.test(path)) reply.header('cache-control', 'no-cache');
    },
  };
}

/**
 * The build of the client in `root`, as its page names it (`<meta name="stich-build">`, src/web/build/pwa.ts).
 * Undefined without a built client or without the tag (a development build).
 */
export function clientBuildOf(root: string): string | undefined {
  try {
    return /<meta name="stich-build" content="([0-9a-f]{1,64})"/.exec(readFileSync(`${root}/index.html`, 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}

/**
 * The build a reload gets now: the page on disk, read again only when it changed (its time and size). The server
 * says it in each socket's hello, and a page of another build (left open across an upgrade) offers to reload; since
 * the files are looked up when asked for, a build made while the server runs is the one a reload gets, restarted
 * or not (a build read once at start would offer that reload for ever, the reload bringing the same page).
 */
export class ClientBuild {
  private seen = '';
  private build: string | undefined;

  constructor(private readonly root: string) {}

  current(): string | undefined {
    let stamp: string;
    try {
      const st = statSync(`${this.root}/index.html`);
      stamp = `${st.mtimeMs}/${st.size}`;
    } catch {
      return undefined;
    }
    if (stamp !== this.seen) {
      this.seen = stamp;
      this.build = clientBuildOf(this.root);
    }
    return this.build;
  }
}
