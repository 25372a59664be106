import { theme } from 'antd';
import type { ReactNode } from 'react';

interface LoginFieldProps {
  id: string;
  label: string;
  /** The message under the field when it is invalid. */
  error?: string;
  required?: boolean;
  children: ReactNode;
}

/** A labelled field laid out like antd's vertical Form.Item (see the login page for why it is not one). */
export function LoginField({ id, label, error, required, children }: LoginFieldProps) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: token.marginLG }}>
      <div style={{ paddingBottom: token.paddingXS, color: token.colorTextHeading }}>
        {required && (
          <span aria-hidden style={{ color: token.colorError, marginInlineEnd: 4 }}>
            *
          </span>
        )}
        <label htmlFor={id}>{label}</label>
      </div>
      {children}
      {error && (
        <div id={`${id}-error`} style={{ color: token.colorError, marginTop: 2 }}>
          {error}
        </div>
      )}
    </div>
  );
}
