import type { ReactNode } from 'react';

/** A page: a header with its title, and content at least as tall as the screen. */
export function PageLayout({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="city-root city-page">
      <header className="city-page__header">
        <h1 className="city-page__title">{title}</h1>
        {actions}
      </header>
      <main className="city-page__content">{children}</main>
    </div>
  );
}
