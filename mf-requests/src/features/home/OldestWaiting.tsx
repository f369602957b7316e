import { useEffect, useState } from 'react';
import { fetchReviewQueue } from '@imprest/api-client';
import { optionLabel, type ReviewQueue } from '@imprest/domain';
import { Link as RouterLink } from '@imprest/router';
import { Box, Text } from '@imprest/ui';
import { PATHS } from '../../paths';

/** The reviewer's home: how many requests wait for them and how long the oldest has waited. */
export function OldestWaiting() {
  const [queue, setQueue] = useState<ReviewQueue | null>(null);
  useEffect(() => {
    // a failure only hides the card: the tiles and tables below say the same in more detail
    fetchReviewQueue().then(setQueue, () => setQueue(null));
  }, []);
  const oldest = queue?.oldest;
  if (!oldest) return null;
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" data-testid="oldest-waiting">
      <Text>
        {queue.waiting} waiting for your review. The oldest,{' '}
        <RouterLink to={PATHS.view(oldest.request_id)}>
          {optionLabel(oldest.purpose)} by {oldest.request_owner_name}
        </RouterLink>
        {oldest.on_behalf_of_name && ` (for ${oldest.on_behalf_of_name})`}, has waited{' '}
        {oldest.days_waiting === 1 ? '1 day' : `${oldest.days_waiting} days`}.
      </Text>
    </Box>
  );
}
