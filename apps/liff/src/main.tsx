import '@city/ui/styles.css';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { bootApp } from './app/boot.js';
import { makeStore } from './app/make-store.js';
import { AppProviders } from './app/providers.js';
import { createAppRouter } from './app/router.js';
import { messages } from './messages.js';
import { sessionStateFor } from './store/session-slice.js';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element.');
const root = createRoot(container);

bootApp().then(
  ({ services, session }) => {
    const store = makeStore(services, { session: sessionStateFor(session) });
    // Created only now: the router reads the URL, which LIFF may have changed during init.
    const router = createAppRouter(store);
    root.render(
      <StrictMode>
        <AppProviders store={store} services={services}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  },
  (error: unknown) => {
    console.error(error);
    root.render(
      <div className="city-root app-root">
        <p role="alert" className="app-boot-error">
          {messages.liffFailed}
        </p>
      </div>,
    );
  },
);
