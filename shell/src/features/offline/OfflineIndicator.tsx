import { useOnline } from '@imprest/api-client/offline';
import { Badge } from '@imprest/ui';
import { OFFLINE_TEXT } from './text';

/** The header's word that there is no connection (docs/product-rules.md §Statuses offline support). */
export function OfflineIndicator() {
  const online = useOnline();
  if (online) return null;
  return (
    <Badge role="status" colorPalette="gray" variant="solid" size="md" title={OFFLINE_TEXT.indicatorHint} data-testid="offline-indicator">
      {OFFLINE_TEXT.indicator}
    </Badge>
  );
}
