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
