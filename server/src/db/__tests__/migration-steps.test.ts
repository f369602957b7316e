import fs from 'node:fs';
import path from 'node:path';

/**
 * A migration never imports live code: a module's function called by a migration would, once
 * edited, make the migration do something else on a fresh database than it did on the databases
 * already migrated. Each step carries its own SQL and may import only Kysely, the dialect's name
 * and the frozen column types beside it.
 */
const STEPS = path.join(__dirname, '..', 'migration-steps');
const ALLOWED = new Set(['kysely', 'kysely/migration', '../database', './column-types']);

const importsOf = (file: string) => [...fs.readFileSync(file, 'utf8').matchAll(/^import\s[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]);

describe('migration steps', () => {
  const files = fs.readdirSync(STEPS).filter((f) => f.endsWith('.ts'));

  it('are one file per migration, numbered without gaps', () => {
    const numbers = files.filter((f) => /^\d{4}_/.test(f)).map((f) => Number(f.slice(0, 4)));
    expect(numbers.length).toBeGreaterThanOrEqual(18);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it.each(files)('%s imports no live code', (file) => {
    const outside = importsOf(path.join(STEPS, file)).filter((source) => !ALLOWED.has(source));
    expect(outside).toEqual([]);
  });

  it('the runner holds only the list of steps', () => {
    const sources = importsOf(path.join(__dirname, '..', 'migrations.ts'));
    expect(
      sources.filter((s) => !s.startsWith('./migration-steps/') && !['kysely', 'kysely/migration', './database', './schema'].includes(s)),
    ).toEqual([]);
  });
});
