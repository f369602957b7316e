import { useOnline } from '@imprest/api-client/offline';
import { Badge } from '@imprest/ui';
import { OFFLINE_TEXT } from './text';
import { useShowingKeptAnswers } from './stale-answers';

/**
 * The header's word that there is no connection (docs/product-rules.md §Statuses offline support),
 * or, online, that the screen shows what the device kept while the server's answer is on its way.
 */
export function OfflineIndicator() {
  const online = useOnline();
  const kept = useShowingKeptAnswers();
  if (online && kept)
    return (
      <Badge
        role="status"
        colorPalette="gray"
        variant="subtle"
        size="md"
        title={OFFLINE_TEXT.updatingHint}
        data-testid="updating-indicator"
      >
        {OFFLINE_TEXT.updating}
      </Badge>
    );
  if (online) return null;
  return (
    <Badge role="status" colorPalette="gray" variant="solid" size="md" title={OFFLINE_TEXT.indicatorHint} data-testid="offline-indicator">
      {OFFLINE_TEXT.indicator}
    </Badge>
  );
}
