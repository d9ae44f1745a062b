import { defineConfig, type UserConfig } from 'vite';
import { pwa } from './src/web/build/pwa.ts';

/**
 * The browser client: src/web/client, built to dist/client, which the server
 * serves. `npm run dev` proxies the API and the WebSocket to a server on
 * port 8080 (`stich serve`). The build also writes the icons, the manifest
 * and the service worker, and precompresses the text files (src/web/build).
 */
const config: UserConfig = {
  root: 'src/web/client',
  base: '/',
  // The record viewer replays deals with the engines, whose modules also hold the (server-side) shuffling.
  resolve: { alias: { 'node:crypto': new URL('./src/web/client/cryptoShim.ts', import.meta.url).pathname } },
  plugins: [pwa()],
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: '../../../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    // The precompression (brotli at its highest level) takes seconds by design, more on a busy machine: no timing warnings at install.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  server: { proxy: { '/api': 'http://localhost:8080', '/ws': { target: 'ws://localhost:8080', ws: true } } },
};

export default defineConfig(({ command }) => {
  // A build is always the production client (the service worker registered, no development checks), whatever NODE_ENV
  // the caller has: a test runner sets it to "test", and a build started under it (npm's "prepare" when `npx stich`
  // first installs this checkout) had left the service worker out.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
