import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from '../../domain/api/contract';
import { defineEndpoints, endpoint, mergeEndpoints } from '../../domain/api/endpoint';
import { routesOf } from '../../src/api/routeTable';
import { ROUTES } from '../../src/api/routes';

describe('the API contract', () => {
  it('merges every area, each path once and absolute', () => {
    const paths = Object.keys(contract);
    expect(paths.length).toBeGreaterThanOrEqual(63);
    for (const path of paths) expect(path).toMatch(/^\/[A-Za-z0-9_/]+$/);
  });

  it('refuses a path that two areas declare', () => {
    const a = defineEndpoints({ '/x': endpoint<string>()({ method: 'GET', access: 'public', input: z.object({}) }) });
    const b = defineEndpoints({ '/x': endpoint<number>()({ method: 'POST', access: 'user', input: z.object({}) }) });
    expect(() => mergeEndpoints(a, b)).toThrow('endpoint /x is declared twice');
  });

  it("matches the app's route table (src/api/routes.ts: run `npm run gen:routes` after changing an endpoint)", () => {
    expect(ROUTES).toEqual(routesOf(contract));
  });
});
