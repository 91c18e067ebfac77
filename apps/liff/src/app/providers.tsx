import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ServicesContext } from '../store/hooks.js';
import type { AppStore } from '../store/root-reducer.js';
import type { AppServices } from '../store/services.js';

export function AppProviders({ store, services, children }: { store: AppStore; services: AppServices; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ServicesContext value={services}>{children}</ServicesContext>
    </Provider>
  );
}
