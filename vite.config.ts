import { defineConfig } from 'vite';
import { pwa } from './src/web/build/pwa.ts';

/**
 * The browser client: src/web/client, built to dist/client, which the server
 * serves. `npm run dev` proxies the API and the WebSocket to a server on
 * port 8080 (`stich serve`). The build also writes the icons, the manifest
 * and the service worker, and precompresses the text files (src/web/build).
 */
export default defineConfig({
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
});
