import { useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import { useLightStyles } from './styles';

export function Stack({ children }: { children: ReactNode }) {
  return <div className="imp-stack">{children}</div>;
}

export function Row({ children }: { children: ReactNode }) {
  return <div className="imp-row">{children}</div>;
}

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  help?: string;
}

export function TextField({ label, help, required, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className="imp-field">
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="imp-req" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <input id={id} className="imp-input" required={required} {...input} />
      {help && <small>{help}</small>}
    </div>
  );
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'outline';
  loading?: boolean;
}

export function Button({ variant = 'primary', loading = false, children, disabled, ...rest }: ButtonProps) {
  return (
    <button className={`imp-btn imp-btn-${variant}`} disabled={disabled || loading} aria-busy={loading} {...rest}>
      {loading && <span className="imp-spinner imp-spinner-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** One line of feedback; role=alert so screen readers announce it. */
export function Notice({ tone, id, children }: { tone: 'error' | 'success' | 'info'; id?: string; children: ReactNode }) {
  return (
    <div role="alert" id={id} className={`imp-notice imp-notice-${tone}`}>
      {children}
    </div>
  );
}

/** Shown while the session token is pending or being validated (docs/screens.md Layout). */
export function FullScreenLoader({ label = 'Loading…' }: { label?: string }) {
  useLightStyles();
  return (
    <div className="imp-loader" role="status" aria-live="polite">
      <span className="imp-spinner" aria-hidden="true" />
      {label}
    </div>
  );
}
