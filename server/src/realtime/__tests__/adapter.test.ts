import { pickRealtimeAdapter } from '../adapter';

describe('realtime adapter choice', () => {
  it('keeps rooms in the process without REDIS_URL', async () => {
    const adapter = await pickRealtimeAdapter(null, () => Promise.reject(new Error('must not load anything')));
    expect(adapter.factory).toBeUndefined();
    await adapter.close();
  });

  it('refuses to start with REDIS_URL when the Redis packages are missing, naming them', async () => {
    await expect(pickRealtimeAdapter('redis://cache:6379')).rejects.toThrow(
      'REDIS_URL is set, but @socket.io/redis-adapter and redis are not installed. Run `pnpm --filter @imprest/server add @socket.io/redis-adapter redis` or unset REDIS_URL.',
    );
  });

  it('connects a publisher and a subscriber and builds the Redis adapter from them', async () => {
    const calls: string[] = [];
    const client = (name: string): Record<string, unknown> => ({
      name,
      connect: async () => calls.push(`${name} connect`),
      quit: async () => calls.push(`${name} quit`),
      duplicate: () => client('sub'),
    });
    const factory = () => 'adapter';
    const modules: Record<string, unknown> = {
      '@socket.io/redis-adapter': {
        createAdapter: (pub: unknown, sub: unknown) => {
          calls.push(`adapter(${(pub as { name: string }).name}, ${(sub as { name: string }).name})`);
          return factory;
        },
      },
      redis: {
        createClient: ({ url }: { url: string }) => {
          calls.push(`client ${url}`);
          return client('pub');
        },
      },
    };
    const adapter = await pickRealtimeAdapter('redis://cache:6379', async (name) => modules[name]);
    expect(adapter.factory).toBe(factory);
    await adapter.close();
    expect(calls).toEqual(['client redis://cache:6379', 'pub connect', 'sub connect', 'adapter(pub, sub)', 'pub quit', 'sub quit']);
  });
});
