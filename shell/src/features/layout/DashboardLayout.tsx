import { useEffect, type ReactNode } from 'react';
import { useLocation } from '@imprest/router';
import { modeOnMount, setMode, useSession } from '@imprest/api-client';
import { pageTitle, remoteFor, type RemoteName } from '@imprest/domain';
import { ApiProvider } from '@imprest/api-client/query';
import { Box, ComingSoon, Flex, Stack, UiProvider } from '@imprest/ui';
import { Header } from './Header';
import { LockedBanner } from './LockedBanner';
import { MobileFooter } from './MobileFooter';
import { SideMenu } from './SideMenu';
import { TEXT } from '../../strings';
// eslint-disable-next-line no-restricted-imports -- the dashboard frame is where the session's live updates start
import { useRealtime } from '../session/use-realtime';
// eslint-disable-next-line no-restricted-imports -- the dashboard frame hosts the offline support once for every section
import { OfflineSupport } from '../offline/OfflineSupport';
import { SkipLink } from './SkipLink';
import { MAIN_ID } from './route-focus';
import { useWideScreen } from './use-wide-screen';

export interface DashboardLayoutProps {
  /** The section a remote serves, as the app loads it (federation is the app's, not the frame's). */
  section: (name: RemoteName) => ReactNode;
}

export default function DashboardLayout({ section }: DashboardLayoutProps) {
  const user = useSession((s) => s.currentUser);
  const { pathname } = useLocation();
  const userId = user?.id;
  const wide = useWideScreen();

  // the mode is set once per signed-in user (their remembered choice, else SPEC's on-mount rule),
  // and again only when they gain or lose admin permission
  const startMode = modeOnMount(user);
  useEffect(() => {
    setMode(startMode);
  }, [userId, startMode]);

  useRealtime(userId);

  useEffect(() => {
    document.title = `${pageTitle(pathname)} · Imprest`;
  }, [pathname]);

  if (!user) return null;
  const remote = remoteFor(pathname);

  return (
    <UiProvider>
      <ApiProvider>
        <SkipLink />
        <Flex minH="100dvh">
          {wide !== false && <SideMenu user={user} />}
          <Flex direction="column" flex="1" minW="0">
            <Header user={user} />
            <Box
              as="main"
              id={MAIN_ID}
              tabIndex={-1}
              outline="none"
              flex="1"
              px={{ base: '4', md: '6', xl: '8' }}
              py={{ base: '4', md: '6' }}
              pb={{ base: '24', md: '6' }}
            >
              <Stack gap="4" maxW="7xl" mx="auto">
                {user.is_locked && <LockedBanner reason={user.lock_reason} />}
                <OfflineSupport userId={user.id} />
                {remote ? section(remote) : <ComingSoon title={pageTitle(pathname)}>{TEXT.remote.notFound}</ComingSoon>}
              </Stack>
            </Box>
          </Flex>
          {wide !== true && <MobileFooter user={user} />}
        </Flex>
      </ApiProvider>
    </UiProvider>
  );
}
