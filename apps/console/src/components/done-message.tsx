import { useEffect, useRef } from 'react';

/**
 * What a change did (「…を追加しました。」), announced and given the focus: the form or button the
 * staff member used has often gone with the change, and the focus would otherwise drop to the page.
 */
export function DoneMessage({ message, focus = true }: { message: string; focus?: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message !== '' && focus) ref.current?.focus();
  }, [message, focus]);
  return (
    <div role="status">
      {message === '' ? null : (
        <p ref={ref} tabIndex={-1} className="console-done console-done--strong">
          {message}
        </p>
      )}
    </div>
  );
}
