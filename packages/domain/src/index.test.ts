import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as domain from './index';

describe('package entry', () => {
  it('re-exports every module', () => {
    const modules = readdirSync(new URL('.', import.meta.url))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts')
      .map((f) => f.replace(/\.ts$/, ''));
    expect(modules.length).toBeGreaterThan(10);
    return Promise.all(
      modules.map(async (m) => {
        const mod = (await import(`./${m}.ts`)) as Record<string, unknown>;
        for (const name of Object.keys(mod)) {
          expect((domain as Record<string, unknown>)[name], `${m}.${name}`).toBe(mod[name]);
        }
      }),
    );
  });
  it('exposes the main contract names', () => {
    for (const name of ['salePricing', 'money', 'formatMoney', 'planSectionCopy', 'moveItem', 'syncButtonLabel']) {
      expect(typeof (domain as Record<string, unknown>)[name]).toBe('function');
    }
  });
});
