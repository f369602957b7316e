import type { ComponentType, ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from '@imprest/router';
import { UiProvider } from '../provider';
import { StandaloneHarness } from './standalone-harness';

interface StandaloneOptions {
  name: string;
  App: ComponentType<{ basePath: string }>;
  /** Wraps the app in the data providers (the api-client's ApiProvider). */
  Providers: ComponentType<{ children: ReactNode }>;
  useSignedIn: () => boolean;
  signIn: (email: string, password: string) => Promise<unknown>;
  home: string;
}

/** Development only: mounts one remote on its own page, as the shell would under /dashboard. */
export function runStandalone({ name, App, Providers, useSignedIn, signIn, home }: StandaloneOptions): void {
  function Standalone() {
    const signedIn = useSignedIn();
    return (
      <StandaloneHarness name={name} signedIn={signedIn} signIn={signIn}>
        <Routes>
          <Route path="/dashboard/*" element={<App basePath="/dashboard" />} />
          <Route path="*" element={<Navigate to={home} replace />} />
        </Routes>
      </StandaloneHarness>
    );
  }
  createRoot(document.getElementById('root')!).render(
    <UiProvider>
      <Providers>
        <BrowserRouter>
          <Standalone />
        </BrowserRouter>
      </Providers>
    </UiProvider>,
  );
}
