import type { CalendarCategoryTreeRoot } from '@city/survey-core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CategoryPicker } from './category-picker.js';

const labels = { tag1: '大分類', tag2: '中分類', tag3: '小分類' };
const tree: CalendarCategoryTreeRoot[] = [
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
        ],
      },
      // A second level with no third level below it is chosen at the second level.
      { name: 'がん検診', categoryId: 'cancer', children: [] },
    ],
  },
  { name: '子育て相談', categoryId: 'childcare', children: [] },
];

const choiceNames = () => within(screen.getByRole('list')).getAllByRole('button').map((button) => button.textContent);

describe('CategoryPicker', () => {
  it('picks level by level under each level label, and hands the leaf to onPick', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<CategoryPicker tree={tree} labels={labels} onPick={onPick} />);
    expect(screen.getByRole('heading', { name: '大分類を選んでください' })).toBeTruthy();
    expect(screen.getByRole('list', { name: '大分類を選んでください' })).toBeTruthy();
    expect(choiceNames()).toEqual(['健康診断›', '子育て相談']);
    await user.click(screen.getByRole('button', { name: '健康診断' }));
    expect(screen.getByRole('heading', { name: '中分類を選んでください' })).toBe(document.activeElement);
    expect(screen.getByText('選択中: 健康診断')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '特定健診' }));
    expect(screen.getByRole('heading', { name: '小分類を選んでください' })).toBeTruthy();
    expect(choiceNames()).toEqual(['中央保健センター', '北部公民館']);
    expect(onPick).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '北部公民館' }));
    expect(onPick).toHaveBeenCalledWith('checkup-north');
  });

  it('stops at the levels that exist: a node with no children is the choice', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<CategoryPicker tree={tree} labels={labels} onPick={onPick} />);
    await user.click(screen.getByRole('button', { name: '子育て相談' }));
    expect(onPick).toHaveBeenCalledWith('childcare');
    await user.click(screen.getByRole('button', { name: '健康診断' }));
    await user.click(screen.getByRole('button', { name: 'がん検診' }));
    expect(onPick).toHaveBeenLastCalledWith('cancer');
  });

  it('goes back to the previous level', async () => {
    const user = userEvent.setup();
    render(<CategoryPicker tree={tree} labels={labels} onPick={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /に戻る/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: '健康診断' }));
    await user.click(screen.getByRole('button', { name: '特定健診' }));
    await user.click(screen.getByRole('button', { name: '中分類の選択に戻る' }));
    expect(screen.getByRole('heading', { name: '中分類を選んでください' })).toBe(document.activeElement);
    await user.click(screen.getByRole('button', { name: '大分類の選択に戻る' }));
    expect(choiceNames()).toEqual(['健康診断›', '子育て相談']);
  });

  it('uses the labels the municipality set', () => {
    render(<CategoryPicker tree={tree} labels={{ tag1: '地区', tag2: '会場', tag3: '接種回数' }} onPick={vi.fn()} />);
    expect(screen.getByRole('heading', { name: '地区を選んでください' })).toBeTruthy();
  });

  it('starts below the node the survey fixes, and cannot go back above it', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<CategoryPicker tree={tree} labels={labels} onPick={onPick} rootCategoryId="checkup" />);
    expect(screen.getByRole('heading', { name: '小分類を選んでください' })).toBeTruthy();
    expect(screen.getByText('選択中: 健康診断 ＞ 特定健診')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /に戻る/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: '中央保健センター' }));
    expect(onPick).toHaveBeenCalledWith('checkup-central');
  });

  it('shows and calls nothing when the survey already names a leaf (the app goes straight to its calendar)', () => {
    const onPick = vi.fn();
    const { container } = render(<CategoryPicker tree={tree} labels={labels} onPick={onPick} rootCategoryId="checkup-central" />);
    expect(container.textContent).toBe('');
    expect(onPick).not.toHaveBeenCalled();
  });

  it('says there is nothing to book when the fixed category is not in the tree', () => {
    render(<CategoryPicker tree={tree} labels={labels} onPick={vi.fn()} rootCategoryId="no-such-category" />);
    expect(screen.getByRole('status').textContent).toBe('予約できる分類がありません。');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says it is loading, and on an error offers to try again', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<CategoryPicker tree={[]} labels={labels} onPick={vi.fn()} state="loading" />);
    expect(screen.getByRole('status').textContent).toBe('予約先を読み込んでいます');
    unmount();
    const onRetry = vi.fn();
    render(<CategoryPicker tree={[]} labels={labels} onPick={vi.fn()} state="error" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('予約先の一覧を読み込めませんでした。');
    await user.click(screen.getByRole('button', { name: 'もう一度読み込む' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
