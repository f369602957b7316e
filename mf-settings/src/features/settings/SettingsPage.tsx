import type { ReactNode } from 'react';
import { downloadRequests, downloadRetirements, useSession } from '@imprest/api-client';
import { hasAdminPermission, hasSuperAdminPermission } from '@imprest/domain';
import { Box, HStack, Heading, Stack, Text } from '@imprest/ui';
import { DownloadButton } from './DownloadButton';
import { NotificationSetting } from './NotificationSetting';
import { SignOutEverywhere } from './SignOutEverywhere';
import { DelegationSection } from './delegations/DelegationSection';
import { ReceiptExemptionSetting } from './organization/ReceiptExemptionSetting';
import { ReviewReminderSetting } from './organization/ReviewReminderSetting';
import { DELEGATION_TEXT, ORGANIZATION_TEXT, SESSIONS_TEXT, TEXT } from '../../strings';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }}>
      <Heading as="h2" size="md" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

export default function SettingsPage() {
  const me = useSession((s) => s.currentUser);
  return (
    <Stack gap="4" maxW="3xl">
      <Section title={TEXT.notifications}>
        <NotificationSetting />
      </Section>
      <Section title={TEXT.downloads}>
        <Text color="fg.muted" fontSize="sm" mb="3">
          {TEXT.downloadsHelp}
        </Text>
        <HStack gap="3" wrap="wrap" align="flex-start">
          <DownloadButton label={TEXT.downloadRequests} fetch={downloadRequests} />
          <DownloadButton label={TEXT.downloadRetirements} fetch={downloadRetirements} />
        </HStack>
      </Section>
      <Section title={SESSIONS_TEXT.title}>
        <SignOutEverywhere />
      </Section>
      {/* only reviewers (admin permission) delegate their reviewing */}
      {me && hasAdminPermission(me) && (
        <Section title={DELEGATION_TEXT.title}>
          <DelegationSection me={me} />
        </Section>
      )}
      {/* the organisation's own settings are the directors' (the server refuses anyone else) */}
      {hasSuperAdminPermission(me) && (
        <Section title={ORGANIZATION_TEXT.title}>
          <Stack gap="6">
            <ReviewReminderSetting />
            <ReceiptExemptionSetting />
          </Stack>
        </Section>
      )}
    </Stack>
  );
}
