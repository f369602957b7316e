import { BrowserRouter } from '@imprest/router';
import { AppRoutes } from './routes';
import { PwaBanners } from '../features/pwa/PwaBanners';
import { useSessionBootstrap } from '../features/session/use-session-bootstrap';

/** The public pages need neither the Chakra system nor the query cache; the dashboard loads both. */
export function App() {
  useSessionBootstrap();
  return (
    <BrowserRouter>
      <AppRoutes />
      {/* fixed in their corner (see .imp-banners), after the screen in reading and tab order */}
      <PwaBanners />
    </BrowserRouter>
  );
}
