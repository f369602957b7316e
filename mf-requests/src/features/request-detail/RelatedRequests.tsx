import { useOrganizationTimeZone } from '@imprest/api-client';
import { useRelatedRequests } from '@imprest/api-client/query';
import { ROLE_LABELS, formatAmount, formatDate, optionLabel, type RelatedRequests as Related } from '@imprest/domain';
import { Link as RouterLink } from '@imprest/router';
import { HStack, Link, Stack, Text } from '@imprest/ui';
import { RequestStatusBadge } from '../../components/RequestStatusBadge';
import { PATHS } from '../../paths';
import { NoticeBox } from './NoticeBox';
import { DETAIL_TEXT } from './strings';

const { related: text } = DETAIL_TEXT;

/** "the Director", "the Finance Officer and the Executive Secretary". */
const whom = (band: NonNullable<Related['higher_band']>) => band.needs.map((role) => `the ${ROLE_LABELS[role]}`).join(' and ');

function Warning({ band }: { band: NonNullable<Related['higher_band']> }) {
  return (
    <Text fontWeight="semibold" color="red.800" data-testid="split-warning">
      {band.needs.length > 0 ? text.together(band.user_role, whom(band)) : text.togetherCovered(band.user_role)}
    </Text>
  );
}

/**
 * For a reviewer or finance: the requester's other live requests on this budget code in the
 * organisation's last 30 days, their total and the total with this one, and plainly when together
 * they reach a band with reviewers this request's chain lacks — a request split to stay below the
 * director's band shows here (docs/product-rules.md §Requests, "Split requests").
 */
export function RelatedRequests({ requestId }: { requestId: number }) {
  const timeZone = useOrganizationTimeZone();
  const query = useRelatedRequests(requestId);
  if (query.isError)
    return (
      <Text color="fg.muted" fontSize="sm">
        {text.failed}
      </Text>
    );
  const data = query.data;
  if (!data) return null;
  const palette = data.higher_band ? 'red' : data.count > 0 ? 'orange' : 'gray';
  return (
    <NoticeBox title={text.heading(data.days)} palette={palette}>
      {data.count === 0 ? (
        <Text fontSize="sm">{text.none}</Text>
      ) : (
        <Stack gap="2" fontSize="sm">
          {data.higher_band && <Warning band={data.higher_band} />}
          <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
            {data.requests.map((row) => (
              <HStack as="li" key={row.id} justify="space-between" wrap="wrap" gap="2" borderBottomWidth="1px" py="1">
                <Link asChild color="teal.700" fontWeight="medium">
                  <RouterLink to={PATHS.view(row.id)}>{optionLabel(row.purpose)}</RouterLink>
                </Link>
                <HStack gap="3" wrap="wrap">
                  <Text color="fg.muted">{formatDate(row.created_at, timeZone)}</Text>
                  <Text fontWeight="medium">{formatAmount(row.amount_requested, data.currency)}</Text>
                  <RequestStatusBadge status={row.current_status} />
                </HStack>
              </HStack>
            ))}
          </Stack>
          {data.hidden > 0 && <Text color="fg.muted">{text.hidden(data.hidden)}</Text>}
          <Text>
            {text.count(data.count)} · {text.total}: <strong>{formatAmount(data.total, data.currency)}</strong>
          </Text>
          <Text>
            {text.withThis}: <strong>{formatAmount(data.total_with_this, data.currency)}</strong>
          </Text>
        </Stack>
      )}
    </NoticeBox>
  );
}
