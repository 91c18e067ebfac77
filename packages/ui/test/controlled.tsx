import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useState } from 'react';

/** Holds a value the way a form does, and shows it so tests can read what the citizen set. */
export function Controlled<Value>({ children }: { children: (value: Value | undefined, onChange: (value: Value) => void) => ReactNode }) {
  const [value, setValue] = useState<Value>();
  return (
    <>
      {children(value, setValue)}
      <output data-testid="value">{value === undefined ? 'null' : JSON.stringify(value)}</output>
    </>
  );
}
export const shownValue = () => JSON.parse(screen.getByTestId('value').textContent) as unknown;
