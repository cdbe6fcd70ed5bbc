import './app.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { Providers } from './providers';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element.');

// A transition lets React render the first screen in slices that yield to the browser, not one long task.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <App />
      </Providers>
    </StrictMode>,
  );
});

/* The service worker makes the app installable and usable offline. It is not part of the first screen: its
   code loads once the page has, and never in development (Vite's server), where it would serve stale files.
   Without it (a browser that refuses one, a private window) the app works as a plain page. */
if (import.meta.env.PROD) {
  window.addEventListener(
    'load',
    () =>
      void import('./pwa')
        .then(({ registerServiceWorker }) => registerServiceWorker())
        .catch(() => undefined),
    { once: true },
  );
}
