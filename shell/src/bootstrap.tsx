import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerServiceWorker } from './features/pwa/register-sw';

createRoot(document.getElementById('root')!).render(<App />);
registerServiceWorker();
