import { BrowserRouter } from 'react-router-dom';
import { ApiProvider } from '@imprest/api-client';
import { UiProvider } from '@imprest/ui';
import { AppRoutes } from './routes';
import { PwaBanners } from '../features/pwa/PwaBanners';
import { useSessionBootstrap } from '../features/session/use-session-bootstrap';

export function App() {
  useSessionBootstrap();
  return (
    <UiProvider>
      <ApiProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <PwaBanners />
      </ApiProvider>
    </UiProvider>
  );
}
