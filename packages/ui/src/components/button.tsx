import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** primary: the brand green, for the one main action; danger: for cancelling and deleting. */
  variant?: 'primary' | 'secondary' | 'danger';
}

export function Button({ variant = 'primary', type = 'button', className, ...rest }: ButtonProps) {
  return <button {...rest} type={type} className={[`city-button city-button--${variant}`, className].filter(Boolean).join(' ')} />;
}
