import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('demo data gate', () => {
  it('loads the demo into the embedded database of a laptop (no DATABASE_URL, no NODE_ENV=production)', () => {
    expect(loadConfig({}).loadDemoData).toBe(true);
  });

  it('keeps the demo out of a DATABASE_URL database and out of NODE_ENV=production', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/mirante' }).loadDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).loadDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).loadDemoImagery).toBe(false);
  });

  it('DEMO_DATA=1 and DEMO_DATA=0 override the default', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/mirante', DEMO_DATA: '1' }).loadDemoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: '0' }).loadDemoData).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set; 1 trusts any proxy; other values are the proxies’ addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
  });
});
