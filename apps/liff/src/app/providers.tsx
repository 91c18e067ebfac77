import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ServicesContext } from '../store/hooks.js';
import type { AppStore, RootState } from '../store/root-reducer.js';
import type { AppServices } from '../store/services.js';

/**
 * The store and the services. `serverState`: the state the server rendered with, which hydration
 * reads instead of the store's (the store may have moved on, e.g. the session taken since).
 */
export function AppProviders({ store, services, serverState, children }: { store: AppStore; services: AppServices; serverState?: RootState; children: ReactNode }) {
  return (
    <Provider store={store} {...(serverState === undefined ? {} : { serverState })}>
      <ServicesContext value={services}>{children}</ServicesContext>
    </Provider>
  );
}
