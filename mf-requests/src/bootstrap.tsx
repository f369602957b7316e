import { standaloneSession } from '@imprest/api-client';
import { ApiProvider } from '@imprest/api-client/query';
import { dashboardPath } from '@imprest/domain';
import { runStandalone } from '@imprest/ui/dev';
import App from './app/App';

runStandalone({ name: 'mf-requests', App, Providers: ApiProvider, home: dashboardPath('home'), ...standaloneSession });
