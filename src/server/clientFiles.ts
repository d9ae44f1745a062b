import type { FastifyStaticOptions } from '@fastify/static';

/**
 * How the server sends the built browser client (dist/client): the .br and .gz files the build writes beside each
 * text file (src/web/build/pwa.ts) go as they are to browsers that accept them; the hashed files under /assets/
 * never change and are cached for a year as immutable; the page, the service worker and the manifest are checked
 * every time (no-cache), so that a new build is seen at once; anything else is cached for an hour.
 */
export function clientFileOptions(root: string): FastifyStaticOptions {
  return {
    root,
    prefix: '/',
    wildcard: false,
    maxAge: '1h',
    preCompressed: true,
    setHeaders: (reply, path) => {
      if (/[\\/]assets[\\/]/.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else if (/(index\.html|sw\.js|\.webmanifest)(\.br|\.gz)?$/.test(path)) reply.header('cache-control', 'no-cache');
    },
  };
}
