import fs from 'node:fs';
import path from 'node:path';
import { createTestApp } from '../../test-support/app';

const EXPECTED = path.join(__dirname, 'route-permissions.txt');

/**
 * Every route and the permission it declares. A change here must be deliberate: rerun with
 * UPDATE_ROUTE_TABLE=1 to rewrite the committed table, and the diff shows in review.
 */
describe('route → permission table', () => {
  it('matches the committed table', async () => {
    const t = await createTestApp('sqlite', { seed: false });
    try {
      const table = t.app.routePermissions
        .map((r) =>
          `${r.method.padEnd(7)}${r.url.padEnd(44)} ${r.permission.padEnd(14)}${(r.access.join(', ') || '-').padEnd(44)} ${r.objectRule ?? ''}`.trimEnd(),
        )
        .sort()
        .join('\n');
      if (process.env.UPDATE_ROUTE_TABLE) fs.writeFileSync(EXPECTED, `${table}\n`);
      expect(table).toBe(fs.readFileSync(EXPECTED, 'utf8').trimEnd());
    } finally {
      await t.close();
    }
  });
});
