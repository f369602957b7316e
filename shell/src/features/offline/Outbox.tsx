import { discardOutboxItem, isOnline, processOutbox, takeBackForEditing, useOutbox, type OutboxItem } from '@imprest/api-client/offline';
import { dashboardPath } from '@imprest/domain';
import { useNavigate } from '@imprest/router';
import { Badge, Box, Button, HStack, Heading, Stack, Text } from '@imprest/ui';
import { OFFLINE_TEXT } from './text';

const TONE: Record<OutboxItem['state'], string> = { waiting: 'gray', sending: 'blue', sent: 'green', refused: 'red' };

/** Where an item is edited: its form, with the item as the form's draft. */
function formPath(item: OutboxItem): string {
  if (item.kind === 'retirement') return dashboardPath('retirement', { id: item.body.id });
  return item.parentId ? dashboardPath('viewRequest', { id: item.parentId }) : dashboardPath('newRequests');
}

/** The requests and retirements queued on this device, each with its state; shown while there are any. */
export function Outbox() {
  const items = useOutbox((s) => s.items);
  const navigate = useNavigate();
  if (items.length === 0) return null;

  const edit = async (item: OutboxItem) => {
    await takeBackForEditing(item);
    navigate(formPath(item));
  };
  const clearSent = () => Promise.all(items.filter((i) => i.state === 'sent').map(discardOutboxItem));

  return (
    <Box as="section" aria-labelledby="outbox-title" bg="bg" borderWidth="1px" borderRadius="lg" p="4" data-testid="outbox">
      <HStack justify="space-between" mb="2" wrap="wrap">
        <Heading as="h2" size="sm" id="outbox-title">
          {OFFLINE_TEXT.outbox} ({items.length})
        </Heading>
        <HStack gap="2">
          {items.some((i) => i.state === 'waiting') && isOnline() && (
            <Button size="xs" variant="outline" onClick={() => void processOutbox()}>
              {OFFLINE_TEXT.sendNow}
            </Button>
          )}
          {items.some((i) => i.state === 'sent') && (
            <Button size="xs" variant="outline" onClick={() => void clearSent()}>
              {OFFLINE_TEXT.clearSent}
            </Button>
          )}
        </HStack>
      </HStack>
      <Text fontSize="sm" color="fg.muted" mb="3">
        {OFFLINE_TEXT.outboxHint}
      </Text>
      <Stack as="ul" gap="2" listStyleType="none">
        {items.map((item) => (
          <Box as="li" key={item.id} borderTopWidth="1px" pt="2" data-testid="outbox-item" data-state={item.state}>
            <HStack justify="space-between" gap="2" wrap="wrap">
              <Text fontWeight="medium">{item.label}</Text>
              <HStack gap="2">
                <Badge colorPalette={TONE[item.state]}>{OFFLINE_TEXT.states[item.state]}</Badge>
                {(item.state === 'waiting' || item.state === 'refused') && (
                  <Button size="xs" variant="outline" onClick={() => void edit(item)} aria-label={`${OFFLINE_TEXT.edit} ${item.label}`}>
                    {OFFLINE_TEXT.edit}
                  </Button>
                )}
                {item.state !== 'sending' && item.state !== 'sent' && (
                  <Button
                    size="xs"
                    variant="ghost"
                    onClick={() => void discardOutboxItem(item)}
                    aria-label={`${OFFLINE_TEXT.discard} ${item.label}`}
                  >
                    {OFFLINE_TEXT.discard}
                  </Button>
                )}
              </HStack>
            </HStack>
            {item.state === 'refused' && item.message && (
              <Text role="alert" fontSize="sm" color="red.700" mt="1">
                {item.message}
              </Text>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
