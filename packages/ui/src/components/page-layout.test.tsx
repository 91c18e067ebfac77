import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Loading } from './loading.js';
import { Notice } from './notice.js';
import { PageLayout } from './page-layout.js';

// One page with a Notice and Loading in it: each live region must be the only one of its kind,
// and the countdown must sit outside every one of them.
describe('Notice, Loading and PageLayout', () => {
  it('announce what a citizen must know', () => {
    render(
      <PageLayout title="アンケート">
        <Notice tone="warning" title="セッションの有効期限が切れました" countdownSeconds={5} />
        <Loading />
      </PageLayout>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'アンケート' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('セッションの有効期限が切れました');
    // The countdown is shown, but outside the live region, so it is not read out every second.
    expect(screen.getByText('5秒後にログイン画面へ移動します。').closest('[role]')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('読み込み中です');
  });
});
