import type { ComponentProps } from 'react';

export type ButtonVariant = 'green' | 'outline' | 'ghost' | 'danger';
export type ButtonSize = 'large' | 'medium' | 'small';

interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  align?: 'center' | 'start';
  isLoading?: boolean;
  isBlock?: boolean;
}

/** docs/product/i18n-and-modes.md#widgets: the default button is large, green and centred. */
export function Button({
  variant = 'green',
  size = 'large',
  align = 'center',
  isLoading = false,
  isBlock = false,
  className = '',
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={`btn btn--${variant} btn--${size} btn--${align}${isBlock ? ' btn--block' : ''} ${className}`.trim()}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...rest}
    >
      {isLoading && <span className="spinner spinner--inline" aria-hidden="true" />}
      {children}
    </button>
  );
}
