import { standaloneSession } from '@imprest/api-client';
import { ApiProvider } from '@imprest/api-client/query';
import { runStandalone } from '@imprest/ui';
import App from './app/App';

runStandalone({ name: 'mf-budget', App, Providers: ApiProvider, home: '/dashboard/budget', ...standaloneSession });
