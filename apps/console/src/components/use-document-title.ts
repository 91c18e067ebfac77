import { useEffect } from 'react';
import { messages } from '../messages.js';

/** Names the browser tab after the screen, so tabs and history tell screens apart. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${messages.appTitle}`;
  }, [title]);
}
