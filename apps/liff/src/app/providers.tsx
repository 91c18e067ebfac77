import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppServices } from './services.js';
import { ServicesContext } from './hooks.js';
import type { AppStore } from './store.js';

export function AppProviders({ store, services, children }: { store: AppStore; services: AppServices; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ServicesContext value={services}>{children}</ServicesContext>
    </Provider>
  );
}
