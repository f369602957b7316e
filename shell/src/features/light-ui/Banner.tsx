import type { ReactNode } from 'react';
import { useLightStyles } from './styles';

export type BannerTone = 'green' | 'blue' | 'purple';

interface BannerProps {
  tone: BannerTone;
  title: string;
  text?: string;
  actionLabel?: string;
  onAction?: () => void;
  onDismiss: () => void;
}

export function BannerStack({ children }: { children: ReactNode }) {
  useLightStyles();
  return <div className="imp-banners">{children}</div>;
}

/** The offline / update / install banners of docs/screens.md §Shell, in the bottom-right corner. */
export function Banner({ tone, title, text, actionLabel, onAction, onDismiss }: BannerProps) {
  return (
    <div role="status" className={`imp-banner imp-banner-${tone}`} data-banner={tone}>
      <div style={{ flex: 1 }}>
        <strong>{title}</strong>
        {text && <p>{text}</p>}
        {actionLabel && onAction && (
          <button type="button" className="imp-btn" onClick={onAction}>
            {actionLabel}
          </button>
        )}
      </div>
      <button type="button" className="imp-banner-close" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
