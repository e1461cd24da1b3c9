// The shared catalog's schema is the folder catalog's (src/catalog/schema.ts): the same tables and
// columns, each with a `profile` first and in its primary key.
import { describe, expect, it } from 'vitest';
import { withProfile } from '../../../src/catalog/postgres/schema.js';
import { CREATE_V1 } from '../../../src/catalog/schema.js';

describe('withProfile', () => {
  it('adds profile to every table and its primary key, whether declared apart or on its column', () => {
    const tables = CREATE_V1.filter((s) => s.startsWith('CREATE TABLE')).map(withProfile);
    for (const sql of tables) {
      expect(sql).toMatch(/^CREATE TABLE \w+ \(\n {2}profile TEXT NOT NULL,\n/);
      expect(sql).toMatch(/PRIMARY KEY \(profile, /);
      expect(sql.match(/PRIMARY KEY/g)).toHaveLength(1);
    }
    const files = tables.find((s) => s.startsWith('CREATE TABLE files'))!;
    expect(files).toMatch(/^ {2}path TEXT NOT NULL,$/m);
    expect(files).toMatch(/PRIMARY KEY \(profile, path\)\n\)$/);
    expect(withProfile('CREATE INDEX items_ncm ON items (ncm)')).toBe('CREATE INDEX items_ncm ON items (ncm)');
  });
});
