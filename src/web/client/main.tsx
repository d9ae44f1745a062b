/// <reference types="vite/client" />
import { render } from 'preact';
import { App } from './app.js';
import './style.css';

render(<App />, document.getElementById('app')!);

// A part loaded on demand (a rules page's words, a lesson: onDemand.tsx) whose file a newer build replaced, on a page left open across
// an upgrade: reload once to the new page. A second failure soon after (no network) is left to the screen, which says so.
addEventListener('vite:preloadError', (e) => {
  const last = Number(sessionStorage.getItem('stich.reloadedForFiles') ?? 0);
  if (Date.now() - last < 10_000) return;
  sessionStorage.setItem('stich.reloadedForFiles', String(Date.now()));
  e.preventDefault();
  location.reload();
});

// The service worker (written by the build: src/web/build/serviceWorker.ts) keeps the app shell for opening offline.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
}
