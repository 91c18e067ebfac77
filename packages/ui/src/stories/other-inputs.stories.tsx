import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { FilesInput, GuideContent, ProductSelection, ReservationButton } from '../components/other-inputs.js';

const meta = { title: '入力/ファイル・購入・案内・予約', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const upload = (files: File[]) => Promise.resolve(files.map((file) => ({ name: file.name, url: URL.createObjectURL(file), contentType: file.type, size: file.size })));
const products = { itemKey: 'bags', type: 'selectProducts', title: '指定ごみ袋の購入', products: [{ productId: 'l', name: '指定ごみ袋（大）10枚', unitPrice: 500 }, { productId: 's', name: '指定ごみ袋（小）10枚', unitPrice: 300 }] } as const;

export const FilesEmpty: Story = { render: () => <FilesInput item={{ itemKey: 'docs', type: 'files', title: '本人確認書類' }} value={undefined} onChange={fn()} upload={upload} /> };
export const FilesChosen: Story = {
  render: () => <FilesInput item={{ itemKey: 'docs', type: 'files', title: '本人確認書類' }} value={[{ name: '保険証（表面）.pdf', url: 'https://files.example/1.pdf', contentType: 'application/pdf' }]} onChange={fn()} upload={upload} />,
};
export const FilesError: Story = { render: () => <FilesInput item={{ itemKey: 'docs', type: 'files', title: '本人確認書類', required: true }} value={[]} onChange={fn()} upload={upload} error="必須項目です" /> };
export const ProductsEmpty: Story = { render: () => <ProductSelection item={products} value={undefined} onChange={fn()} /> };
export const ProductsChosen: Story = { render: () => <ProductSelection item={products} value={['l', 'l', 's']} onChange={fn()} /> };
export const Guide: Story = {
  render: () => (
    <GuideContent item={{ itemKey: 'intro', type: 'guide', title: 'ご協力のお願い', description: '市政の参考にするため、5分ほどのアンケートにご協力ください。\n詳しくは https://city.example.jp/survey をご覧ください。\n\n回答内容は統計的に処理し、個人が特定されることはありません。' }} />
  ),
};
export const ReservationNotChosen: Story = { render: () => <ReservationButton item={{ itemKey: 'slot', type: 'reservation', title: '予約枠', required: true }} value={undefined} onChoose={fn()} /> };
export const ReservationChosen: Story = { render: () => <ReservationButton item={{ itemKey: 'slot', type: 'reservation', title: '予約枠' }} value="c1|20261201|s3" slotLabel="12月1日（火）10:00〜10:30" onChoose={fn()} /> };
export const FilesNotEditable: Story = {
  render: () => <FilesInput item={{ itemKey: 'docs', type: 'files', title: '本人確認書類' }} value={[{ name: '保険証（表面）.pdf', url: 'https://files.example/1.pdf' }]} onChange={fn()} upload={upload} disabled />,
};
export const ProductsError: Story = { render: () => <ProductSelection item={{ ...products, required: true }} value={[]} onChange={fn()} error="必須項目です" /> };
export const ProductsNotEditable: Story = { render: () => <ProductSelection item={products} value={['s']} onChange={fn()} disabled /> };
export const ReservationError: Story = { render: () => <ReservationButton item={{ itemKey: 'slot', type: 'reservation', title: '予約枠', required: true }} value={undefined} onChoose={fn()} error="必須項目です" /> };
