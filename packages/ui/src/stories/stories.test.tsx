/// <reference types="vite/client" />
// Every story is also a test: rendered as Storybook renders it (the preview's decorators
// included), then checked with axe. Serious or critical violations fail the run.
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { render } from '@testing-library/react';
import axe from 'axe-core';
import type { ComponentType } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview.js';

const storyModules = import.meta.glob<Parameters<typeof composeStories>[0]>('./*.stories.tsx', { eager: true });

beforeAll(() => {
  setProjectAnnotations(preview);
});

describe.each(Object.entries(storyModules))('%s', (_file, storyModule) => {
  const stories: [string, ComponentType][] = Object.entries(composeStories(storyModule));

  it('has stories', () => {
    expect(stories.length).toBeGreaterThan(0);
  });

  it.each(stories)('%s renders with no serious or critical accessibility problem', async (_name, Story) => {
    const { container } = render(<Story />);
    const results = await axe.run(container, { resultTypes: ['violations'] });
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
    expect(serious).toEqual([]);
  });
});
