import type { Meta, StoryObj } from '@storybook/react-vite';
import { OrderSummary } from '../components/order-summary.js';

const meta = {
  title: '支払い/OrderSummary',
  component: OrderSummary,
  args: { lines: [{ productId: 'checkup-fee', name: '特定健診 受診料', unitPrice: 1500, quantity: 1, subtotal: 1500 }], total: 1500 },
  parameters: { layout: 'padded' },
  tags: ['autodocs'],
} satisfies Meta<typeof OrderSummary>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OneLine: Story = {};
export const SeveralLines: Story = {
  args: {
    lines: [
      { productId: 'checkup-fee', name: '特定健診 受診料', unitPrice: 1500, quantity: 1, subtotal: 1500 },
      { productId: 'blood-test', name: '追加血液検査', unitPrice: 800, quantity: 1, subtotal: 800 },
      { productId: 'bags', name: '指定ごみ袋（大）10枚', unitPrice: 500, quantity: 12, subtotal: 6000 },
    ],
    total: 8300,
  },
};
export const LongName: Story = {
  args: { lines: [{ productId: 'x', name: '高齢者インフルエンザ予防接種（2回目）自己負担金・問診票発行手数料を含む', unitPrice: 12000, quantity: 2, subtotal: 24000 }], total: 24000 },
};
export const Free: Story = { args: { lines: [{ productId: 'free', name: '無料相談', unitPrice: 0, quantity: 1, subtotal: 0 }], total: 0 } };
