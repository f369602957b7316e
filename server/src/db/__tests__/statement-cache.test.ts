import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { withStatementCache } from '../statement-cache';

/** Kysely's SQLite dialect prepares each query anew; the handle it is given keeps them prepared by text. */
describe('SQLite statements kept prepared', () => {
  let dir: string;
  let file: SQLite.Database;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprest-statements-'));
    file = new SQLite(path.join(dir, 'test.sqlite'));
    file.exec("create table t (id integer primary key, name text); insert into t (name) values ('a'), ('b'), ('c')");
  });
  afterEach(() => {
    file.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers the same text with the same statement, and its rows as they are now', () => {
    const cached = withStatementCache(file);
    const first = cached.prepare('select name from t where id = ?');
    expect(cached.prepare('select name from t where id = ?')).toBe(first);
    expect(first.get(2)).toEqual({ name: 'b' });
    file.exec("update t set name = 'B' where id = 2");
    expect(cached.prepare('select name from t where id = ?').get(2)).toEqual({ name: 'B' });
  });

  it('still answers after a schema change (SQLite prepares the kept statement again)', () => {
    const cached = withStatementCache(file);
    expect(cached.prepare('select * from t where id = ?').get(1)).toEqual({ id: 1, name: 'a' });
    file.exec("alter table t add column note text default 'n'");
    expect(cached.prepare('select * from t where id = ?').get(1)).toEqual({ id: 1, name: 'a', note: 'n' });
  });

  it('gives a statement still iterating its rows a new one beside it', () => {
    const cached = withStatementCache(file);
    const sql = 'select id from t order by id';
    const rows = cached.prepare(sql).iterate() as IterableIterator<{ id: number }>;
    expect(rows.next().value).toEqual({ id: 1 });
    expect(cached.prepare(sql).all()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect([...rows]).toEqual([{ id: 2 }, { id: 3 }]);
  });

  it('keeps at most 500 texts, the oldest going first', () => {
    const cached = withStatementCache(file);
    const oldest = cached.prepare('select 0');
    const newer = cached.prepare('select 1');
    for (let i = 2; i <= 500; i += 1) cached.prepare(`select ${i}`);
    expect(cached.prepare('select 0')).not.toBe(oldest);
    expect(cached.prepare('select 1')).not.toBe(newer);
    expect(cached.prepare('select 500')).toBe(cached.prepare('select 500'));
  });
});
