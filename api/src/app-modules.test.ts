import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '@portal/shared-contracts';
import { API_MODULES, ROUTE_IMPLEMENTATIONS } from './app';

describe("the api's modules", () => {
  it('are every folder of modules/, each registered once in one list', () => {
    const folders = fs
      .readdirSync(new URL('./modules', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(API_MODULES.map((module) => module.moduleName).sort()).toEqual(folders);
  });

  it('implement each endpoint of the contract in one module at most', () => {
    const ids = ROUTE_IMPLEMENTATIONS.map((route) => route.endpoint.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const known = new Set(allEndpoints().map((ep) => ep.id));
    expect(ids.filter((id) => !known.has(id))).toEqual([]);
  });
});
