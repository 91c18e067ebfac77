import type { CalendarCategoryTreeRoot } from '@city/survey-core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CategoryPicker } from '../components/category-picker.js';

// The demo category tree: 健康診断 > 特定健診 > three venues, plus a second 大分類 to choose from.
const demoTree: CalendarCategoryTreeRoot[] = [
  {
    name: '健康診断',
    categoryId: 'health',
    children: [
      {
        name: '特定健診',
        categoryId: 'checkup',
        children: [
          { name: '中央保健センター', categoryId: 'checkup-central' },
          { name: '北部公民館', categoryId: 'checkup-north' },
          { name: '南部市民センター', categoryId: 'checkup-south' },
        ],
      },
    ],
  },
  {
    name: '予防接種',
    categoryId: 'vaccination',
    children: [{ name: '高齢者インフルエンザ', categoryId: 'flu', children: [{ name: '中央保健センター', categoryId: 'flu-central' }] }],
  },
];

const meta = {
  title: '予約/CategoryPicker',
  component: CategoryPicker,
  args: {
    tree: demoTree,
    labels: { tag1: '大分類', tag2: '中分類', tag3: '小分類' },
    onPick: fn(),
    onRetry: fn(),
    state: 'ready',
  },
  parameters: { layout: 'padded' },
  tags: ['autodocs'],
} satisfies Meta<typeof CategoryPicker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The first level (大分類) of a three-level tree. */
export const Level1: Story = {};

/** The second level (中分類): the survey fixes 健康診断. */
export const Level2: Story = { args: { rootCategoryId: 'health' } };

/** The third level (小分類): the survey fixes 健康診断 > 特定健診, as the demo survey does. */
export const Level3: Story = { args: { rootCategoryId: 'checkup' } };

/** A tree of one level only: each choice is bookable at once. */
export const OneLevelTree: Story = {
  args: {
    tree: [
      { name: '市民相談', categoryId: 'consult', children: [] },
      { name: '税務相談', categoryId: 'tax', children: [] },
      { name: '法律相談', categoryId: 'law', children: [] },
    ],
  },
};

/** The level labels a municipality set for vaccinations. */
export const CustomLabels: Story = {
  args: {
    labels: { tag1: '地区', tag2: '会場', tag3: '接種回数' },
    tree: [
      { name: '東地区', categoryId: 'east', children: [{ name: '東公民館', categoryId: 'east-hall', children: [{ name: '1回目', categoryId: 'east-hall-1' }, { name: '2回目', categoryId: 'east-hall-2' }] }] },
      { name: '西地区', categoryId: 'west', children: [{ name: '西体育館', categoryId: 'west-gym', children: [{ name: '1回目', categoryId: 'west-gym-1' }] }] },
    ],
  },
};

export const Loading: Story = { args: { state: 'loading', tree: [] } };

export const LoadError: Story = { args: { state: 'error', tree: [] } };
