import type { Preview } from '@storybook/react-vite';
import '../src/styles.css';

const preview: Preview = {
  parameters: { layout: 'fullscreen' },
  // Citizens use phones: stories open at a phone's width.
  initialGlobals: { viewport: { value: 'mobile1', isRotated: false } },
  decorators: [
    (Story) => (
      <div className="city-root" lang="ja" style={{ padding: 16, maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
};

export default preview;
