import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ProductSelection } from '../components/product-selection.js';

const products = { itemKey: 'bags', type: 'selectProducts', title: '指定ごみ袋の購入', products: [{ productId: 'l', name: '指定ごみ袋（大）10枚', unitPrice: 500 }, { productId: 's', name: '指定ごみ袋（小）10枚', unitPrice: 300 }] } as const;

const meta = {
  title: '入力/ProductSelection',
  component: ProductSelection,
  args: { item: products, value: undefined, onChange: fn() },
  parameters: { layout: 'padded' },
  tags: ['autodocs'],
} satisfies Meta<typeof ProductSelection>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Chosen: Story = { args: { value: ['l', 'l', 's'] } };
export const WithError: Story = { args: { item: { ...products, required: true }, value: [], error: '必須項目です' } };
export const NotEditable: Story = { args: { value: ['s'], disabled: true } };
export const AtMaximum: Story = { args: { item: { ...products, products: [{ productId: 'fee', name: '特定健診 受診料', unitPrice: 1500, maxQuantity: 1 }] }, value: ['fee'] } };
