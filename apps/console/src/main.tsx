import '@city/ui/styles.css';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router.js';
import { makeStore } from './store/make-store.js';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element.');

const store = makeStore();
createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={createAppRouter()} />
    </Provider>
  </StrictMode>,
);
