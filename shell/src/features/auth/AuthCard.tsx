import type { ReactNode } from 'react';
import { useLightStyles } from '../light-ui/styles';
import { TEXT } from '../../strings';

/** The frame of every public page: the brand on one side, the form on the other. */
export function AuthCard({ title, children }: { title?: string; children: ReactNode }) {
  useLightStyles();
  return (
    <div className="imp-auth">
      <aside className="imp-auth-brand">
        <h2>{TEXT.product}</h2>
        <p>{TEXT.tagline}</p>
      </aside>
      <main className="imp-auth-main">
        <div className="imp-auth-box">
          {title && <h1>{title}</h1>}
          {children}
        </div>
      </main>
    </div>
  );
}
