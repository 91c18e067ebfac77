import type { Preview } from '@storybook/react-vite';
import '../src/styles.css';

const preview: Preview = {
  parameters: {
    layout: 'fullscreen',
    viewport: { defaultViewport: 'mobile1' },
  },
  decorators: [
    (Story) => (
      <div className="city-root" lang="ja" style={{ padding: 16, maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
};

export default preview;
