import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useLightStyles } from './styles';

type BannerTone = 'green' | 'blue' | 'purple';

interface BannerProps {
  tone: BannerTone;
  title: string;
  text?: string;
  actionLabel?: string;
  onAction?: () => void;
  onDismiss: () => void;
}

/**
 * The banners, fixed in their corner (at the bottom on a phone). Their height is published as
 * --imp-banners-h, which a phone's page adds at its end, so they never hide the last of it.
 */
export function BannerStack({ children }: { children: ReactNode }) {
  useLightStyles();
  const stack = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = stack.current;
    if (!element) return;
    const root = document.documentElement.style;
    const publish = () => root.setProperty('--imp-banners-h', `${Math.ceil(element.getBoundingClientRect().height)}px`);
    publish();
    const watcher = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    watcher?.observe(element);
    return () => {
      watcher?.disconnect();
      root.removeProperty('--imp-banners-h');
    };
  }, []);
  return (
    <div ref={stack} className="imp-banners">
      {children}
    </div>
  );
}

/** One of the offline / update / install banners of docs/screens.md §Shell. */
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
