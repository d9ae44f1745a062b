import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { iconPng, iconSvg } from './icon.js';
import { serviceWorkerSource } from './serviceWorker.js';

/** The web app manifest: the app installs as "stich", opens the lobby, standalone, on the felt's green. */
export function manifest(): object {
  return {
    name: 'stich – Schafkopf, Schnapsen, Karnöffel',
    short_name: 'stich',
    description: 'Schafkopf, Schnapsen und Karnöffel am Tisch',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#f6f3ea',
    theme_color: '#245538',
    icons: [
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any maskable' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
    ],
  };
}

/** Files worth compressing: text. Images in PNG are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|webmanifest|json)$/;

/** Writes FILE.gz and FILE.br beside every compressible file of `dir` (recursively) that they make smaller. */
export function precompress(dir: string): { files: number; bytes: number; gzip: number; brotli: number } {
  const total = { files: 0, bytes: 0, gzip: 0, brotli: 0 };
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      const inner = precompress(path);
      for (const k of ['files', 'bytes', 'gzip', 'brotli'] as const) total[k] += inner[k];
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const data = readFileSync(path);
    const gz = gzipSync(data, { level: 9 });
    const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
    total.files++;
    total.bytes += data.length;
    if (gz.length < data.length) {
      writeFileSync(`${path}.gz`, gz);
      total.gzip += gz.length;
    }
    if (br.length < data.length) {
      writeFileSync(`${path}.br`, br);
      total.brotli += br.length;
    }
  }
  return total;
}

/** The page with its build named in a meta tag (`stich-build`), read by the server (clientFiles.ts) and the page. */
export function withBuild(html: string, build: string): string {
  return html.replace('</head>', `  <meta name="stich-build" content="${build}" />\n  </head>`);
}

/**
 * The installable app and its delivery: the icons, the manifest and a service worker that caches the built shell
 * (its version is a hash of the shell's file names), then every text file precompressed with gzip and brotli for
 * the server to send as is (@fastify/static's preCompressed).
 */
export function pwa(): Plugin {
  let outDir = '';
  /** The build's version (the service worker's), named in the page. */
  let build = '';
  return {
    name: 'stich-pwa',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const emit = (fileName: string, source: string | Uint8Array) => this.emitFile({ type: 'asset', fileName, source });
      emit('icon.svg', iconSvg());
      emit('icon-192.png', iconPng(192));
      emit('icon-512.png', iconPng(512));
      emit('manifest.webmanifest', JSON.stringify(manifest(), null, 2));
      const shell = [...Object.keys(bundle).filter((f) => f !== 'index.html' && !f.endsWith('.map')), 'icon.svg', 'icon-192.png', 'icon-512.png', 'manifest.webmanifest'].sort();
      const version = createHash('sha256').update(shell.join('\n')).digest('hex').slice(0, 12);
      emit('sw.js', serviceWorkerSource(version, shell));
      build = version;
    },
    closeBundle() {
      // The page names its build, so that an open page learns from the server (hello) that a newer one is served.
      const page = join(outDir, 'index.html');
      writeFileSync(page, withBuild(readFileSync(page, 'utf8'), build));
      precompress(outDir);
    },
  };
}
