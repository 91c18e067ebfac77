import type { StorybookConfig } from '@storybook/react-vite';
import react from '@vitejs/plugin-react';

// Stories run on the packages' source, like the tests (the @city/source export condition).
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../src/**/*.stories.tsx'],
  // An autodocs page per component (stories tagged 'autodocs'), with its props as controls.
  addons: ['@storybook/addon-docs'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    plugins: [...(viteConfig.plugins ?? []), react()],
    resolve: { ...viteConfig.resolve, conditions: ['@city/source', 'module', 'browser', 'development|production'] },
  }),
};

export default config;
