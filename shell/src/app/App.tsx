import { BrowserRouter } from '@imprest/router';
import { AppRoutes } from './routes';
import { PwaBanners } from '../features/pwa/PwaBanners';
import { useSessionBootstrap } from '../features/session/use-session-bootstrap';

/** The public pages need neither the Chakra system nor the query cache; the dashboard loads both. */
export function App() {
  useSessionBootstrap();
  return (
    <BrowserRouter>
      {/* first in the page: on a phone the banners are part of it, above the screen (see .imp-banners) */}
      <PwaBanners />
      <AppRoutes />
    </BrowserRouter>
  );
}
