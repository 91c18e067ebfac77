import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GuideContent } from './guide-content.js';

describe('GuideContent', () => {
  it('shows text as text, never as HTML, and links only https addresses', () => {
    render(
      <GuideContent
        item={{
          itemKey: 'g',
          type: 'guide',
          title: 'ご案内',
          description: '詳しくは https://city.example.jp/info をご覧ください。\n<script>alert(1)</script>\n\njavascript:alert(1) は開きません。',
        }}
      />,
    );
    const link = screen.getByRole('link', { name: 'https://city.example.jp/info' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText(/<script>alert\(1\)<\/script>/)).toBeTruthy();
  });

  it('ends a link where the address ends, before Japanese text and punctuation', () => {
    render(<GuideContent item={{ itemKey: 'g', type: 'guide', title: 'ご案内', description: '申込は（https://city.example.jp/apply）。またはhttps://city.example.jp/faq。をご覧ください' }} />);
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['https://city.example.jp/apply', 'https://city.example.jp/faq']);
  });
});
