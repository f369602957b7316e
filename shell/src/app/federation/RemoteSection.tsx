import { Component, startTransition, useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Box, Button, Center, Heading, Spinner, Text } from '@imprest/ui';
import { DASHBOARD_ROUTES } from '@imprest/domain';
import { loadRemoteApp, routeCodeRan, type RemoteAppProps } from './remotes';
import { matchDashboardRoute } from '../prepare/route-match';
import { SECTION_LABELS, type RemoteName } from './sections';
import { TEXT } from '../../strings';
import { onReconnect, useOnline } from '@imprest/api-client/offline';
import { OFFLINE_TEXT } from '../../features/offline/text';

type LoadState = { status: 'loading' } | { status: 'ready'; App: ComponentType<RemoteAppProps> } | { status: 'failed'; error: Error };

/** One section of the dashboard, served by a remote; a failure stays inside this section. */
export function RemoteSection({ name, basePath }: { name: RemoteName; basePath: string }) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    Promise.all([loadRemoteApp(name), pageCodeRan(name)]).then(
      // the section's first render yields to the browser as it goes (one long task otherwise)
      ([App]) => live && startTransition(() => setState({ status: 'ready', App })),
      (error: Error) => live && setState({ status: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [name, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // a section not yet cached loads by itself once the connection returns
  const failed = state.status === 'failed';
  useEffect(() => (failed ? onReconnect(retry) : undefined), [failed, retry]);

  if (state.status === 'loading') {
    return (
      <Center py="16" role="status" aria-label={`Loading ${SECTION_LABELS[name]}`}>
        <Spinner size="lg" color="teal.600" />
      </Center>
    );
  }
  if (state.status === 'failed') return <SectionUnavailable name={name} onRetry={retry} />;
  return (
    <SectionBoundary key={attempt} fallback={<SectionUnavailable name={name} onRetry={retry} />}>
      <state.App basePath={basePath} />
    </SectionBoundary>
  );
}

/** How long a section's first render waits, from its mount, for the code of the page it opens on. */
const PAGE_WAIT_MS = 1500;

/**
 * Settles once the code of the page the address shows has run (remotes.ts routeCodeRan), or after
 * PAGE_WAIT_MS, whichever comes first: the section's first render then has its lazy page at hand and shows it at once,
 * with no Suspense fallback of its own that React would keep up for 300 ms. A page whose code stalls
 * shows its own loader after the wait, as before.
 */
function pageCodeRan(name: RemoteName): Promise<unknown> {
  const route = matchDashboardRoute(window.location.pathname);
  if (!route || DASHBOARD_ROUTES[route.id].remote !== name) return Promise.resolve();
  return Promise.race([routeCodeRan(name, route.id), new Promise((resolve) => setTimeout(resolve, PAGE_WAIT_MS))]);
}

function SectionUnavailable({ name, onRetry }: { name: RemoteName; onRetry: () => void }) {
  const online = useOnline();
  if (!online) {
    return (
      <Box bg="bg" borderWidth="1px" borderRadius="lg" p="8" textAlign="center" role="status">
        <Heading size="md" mb="2">
          {OFFLINE_TEXT.sectionNotSaved(SECTION_LABELS[name])}
        </Heading>
        <Text color="fg.muted">{OFFLINE_TEXT.sectionNotSavedHint}</Text>
      </Box>
    );
  }
  return (
    <Box bg="bg" borderWidth="1px" borderColor="orange.200" borderRadius="lg" p="8" textAlign="center" role="alert">
      <Heading size="md" mb="2">
        {TEXT.remote.failed(SECTION_LABELS[name])}
      </Heading>
      <Text color="fg.muted" mb="4">
        {TEXT.remote.hint}
      </Text>
      <Button colorPalette="teal" onClick={onRetry}>
        {TEXT.remote.retry}
      </Button>
    </Box>
  );
}

class SectionBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    console.error('[section] crashed:', error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
