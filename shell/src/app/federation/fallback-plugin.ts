import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * When a remote's entry cannot be fetched, answer with a stand-in module (marked `unavailable`)
 * instead of a rejected import: the loader retries, then the section shows its Retry panel
 * while the rest of the shell keeps working.
 */
export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'imprest-remote-fallback',
    errorLoadRemote({ id, error }) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`[federation] ${id} failed to load: ${reason}`);
      const Unavailable = () => {
        throw new Error(`${id} is unavailable`);
      };
      return { default: Unavailable, unavailable: true, __esModule: true };
    },
  };
}
