import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Button, Dialog, Loading, Notice, PageLayout, ToastProvider, useToast } from '../components/building-blocks.js';

const meta = { title: '部品', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Buttons: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      <Button>確認する</Button>
      <Button variant="secondary">戻る</Button>
      <Button variant="danger">予約を取り消す</Button>
      <Button disabled>送信する</Button>
    </div>
  ),
};
export const Notices: Story = {
  render: () => (
    <>
      <Notice title="お知らせ">受付は12月28日までです。</Notice>
      <Notice tone="warning" title="セッションの有効期限が切れました" countdownSeconds={5} />
      <Notice tone="error" title="送信できませんでした">通信状態をご確認のうえ、もう一度お試しください。</Notice>
    </>
  ),
};
export const ConfirmDialog: Story = {
  render: () => (
    <Dialog open title="予約を取り消しますか？" danger confirmLabel="取り消す" onConfirm={fn()} onCancel={fn()}>
      <p>取り消した予約は元に戻せません。</p>
    </Dialog>
  ),
};
export const LoadingIndicator: Story = { render: () => <Loading /> };
function ToastButton() {
  const toast = useToast();
  return <Button onClick={() => { toast('保存しました'); }}>通知を出す</Button>;
}
export const Toasts: Story = { render: () => <ToastProvider><ToastButton /></ToastProvider> };
export const Page: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => (
    <PageLayout title="市民アンケート">
      <p>ご回答ありがとうございます。</p>
    </PageLayout>
  ),
};
