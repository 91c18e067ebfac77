import type { Meta, StoryObj } from '@storybook/react-vite';
import { Loading } from '../components/loading.js';
import { uiMessages } from '../messages.js';

const meta = {
  title: '部品/Loading',
  component: Loading,
  args: { label: uiMessages.loading },
  parameters: { layout: 'padded' },
  tags: ['autodocs'],
} satisfies Meta<typeof Loading>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LoadingIndicator: Story = {};
