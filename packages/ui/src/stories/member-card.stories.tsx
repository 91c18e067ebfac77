import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemberCard } from '../components/member-card.js';

const meta = {
  title: '会員/MemberCard',
  component: MemberCard,
  // The demo paper card (DEMO_PAPER_CARD of @city/demo-data).
  args: { membershipName: '市立図書館 利用カード', memberNumber: 'LIB00000182', name: '佐藤 花子', issuedOn: '2019-04-01', defaultFullScreen: false },
  parameters: { layout: 'padded' },
  tags: ['autodocs'],
} satisfies Meta<typeof MemberCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const PaperCard: Story = {};
export const NoPrefix: Story = { args: { memberNumber: '00004220', issuedOn: '2026-11-23' } };
export const LongName: Story = { args: { name: '勅使河原 紗由美アレクサンドラ ウィルヘルミーナ' } };
export const LongMembershipName: Story = { args: { membershipName: 'デモ市立中央図書館・地域分館・移動図書館 共通利用カード（市外在勤・在学者用）' } };
export const FullScreen: Story = {
  args: { defaultFullScreen: true },
  // The view covers the whole screen, so on the docs page it gets a frame of its own.
  parameters: { docs: { story: { inline: false, iframeHeight: 720 } } },
};
