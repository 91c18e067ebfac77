import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { RadioGroup } from '../components/radio-group.js';

const meta = {
  title: '入力/RadioGroup',
  component: RadioGroup,
  args: {
    item: { itemKey: 'visit', type: 'radio', title: '受診歴', options: ['初診', '再診'], required: true },
    value: undefined,
    onChange: fn(),
  },
  parameters: { layout: 'padded' },
  tags: ['autodocs'],
} satisfies Meta<typeof RadioGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Chosen: Story = { args: { value: '再診' } };
export const WithError: Story = { args: { error: '必須項目です' } };
export const NotEditable: Story = { args: { value: '初診', disabled: true } };
export const LongJapaneseText: Story = {
  args: {
    item: { itemKey: 'reason', type: 'radio', title: 'この講座を知ったきっかけ（いちばん近いものをひとつお選びください）', options: ['市の広報誌「市政だより」の講座案内ページ', '公民館・図書館などの市の施設に置いてあるチラシ', '家族・友人・知人からの紹介'] },
  },
};
