/// <reference types="vite/client" />
import { render } from 'preact';
import { App } from './app.js';
import './style.css';

render(<App />, document.getElementById('app')!);

// The service worker (written by the build: src/web/build/serviceWorker.ts) keeps the app shell for opening offline.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
}
