import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { FilesInput } from '../components/files-input.js';

// Stands in for the app's upload: the picked files become object URLs, so they can be previewed.
const upload = (files: File[]) => Promise.resolve(files.map((file) => ({ name: file.name, url: URL.createObjectURL(file), contentType: file.type, size: file.size })));

const meta = {
  title: '入力/FilesInput',
  component: FilesInput,
  args: { item: { itemKey: 'docs', type: 'files', title: '本人確認書類' }, value: undefined, onChange: fn(), upload },
  parameters: { layout: 'padded' },
  tags: ['autodocs'],
} satisfies Meta<typeof FilesInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Chosen: Story = { args: { value: [{ name: '保険証（表面）.pdf', url: 'https://files.example/1.pdf', contentType: 'application/pdf' }] } };
export const WithError: Story = { args: { item: { itemKey: 'docs', type: 'files', title: '本人確認書類', required: true }, value: [], error: '必須項目です' } };
export const NotEditable: Story = { args: { value: [{ name: '保険証（表面）.pdf', url: 'https://files.example/1.pdf' }], disabled: true } };
