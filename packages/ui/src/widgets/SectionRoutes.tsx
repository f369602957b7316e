import { Suspense, type ReactElement } from 'react';
import { DASHBOARD_ROUTES, type RemoteName, type RouteIdOf } from '@imprest/domain';
import { Route, Routes } from '@imprest/router';
import { Center, Spinner } from '../chakra';

/** A spinner while a page's code or data arrives. */
export function PageLoading({ label }: { label: string }) {
  return (
    <Center py="12" role="status" aria-label={label}>
      <Spinner size="lg" color="teal.600" />
    </Center>
  );
}

export interface SectionRoutesProps<R extends RemoteName> {
  remote: R;
  /** A page for each route the table gives the remote — one missing or extra fails the type check. */
  pages: Record<RouteIdOf<R>, ReactElement>;
  /** What the spinner says while a lazily loaded page arrives. */
  loadingLabel?: string;
}

/** A remote's routes, with their paths (relative to the shell's /dashboard) from the domain's route table. */
export function SectionRoutes<R extends RemoteName>({ pages, loadingLabel = 'Loading' }: SectionRoutesProps<R>) {
  const entries = Object.entries(pages) as Array<[RouteIdOf<R>, ReactElement]>;
  return (
    <Suspense fallback={<PageLoading label={loadingLabel} />}>
      <Routes>
        {entries.map(([id, page]) => {
          const { path } = DASHBOARD_ROUTES[id];
          return path ? <Route key={id} path={path} element={page} /> : <Route key={id} index element={page} />;
        })}
      </Routes>
    </Suspense>
  );
}
