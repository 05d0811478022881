import { describe, expect, it } from 'vitest';
import { loadConfig, requireIntegrationKey, withServerSecret } from './config';
import { StartupRefusal } from './startup/refusal';

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

describe('ROLE', () => {
  it('is all unless set; api and worker split the HTTP and the job sides', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig({ ROLE: 'api' }).role).toBe('api');
    expect(loadConfig({ ROLE: ' Worker ' }).role).toBe('worker');
    expect(loadConfig({ ROLE: 'all' }).role).toBe('all');
  });

  it('refuses any other value, naming the accepted ones', () => {
    expect(() => loadConfig({ ROLE: 'web' })).toThrow(/ROLE inválido: "web". Use api .* worker .* all/);
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set; a number is that many proxy hops; other values are the proxies’ addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('refuses a value that is neither a hop count nor addresses, saying what is accepted', () => {
    for (const value of ['sim', '10.0.0.0/33', '1,,2', '300.1.1.1', '11'])
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY inválido: .* número de proxies/);
  });
});

describe('INTEGRATION_KEY', () => {
  it('takes 32 bytes given as base64 or as 64 hex digits', () => {
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ INTEGRATION_KEY: key.toString('base64') }).integrationKey).toEqual(key);
    expect(loadConfig({ INTEGRATION_KEY: key.toString('hex') }).integrationKey).toEqual(key);
  });

  it('refuses a key that is not 32 bytes, saying how to make one', () => {
    expect(() => loadConfig({ INTEGRATION_KEY: 'curta' })).toThrow(/openssl rand -base64 32/);
  });

  it('derives nothing from the data folder: unset, the key is null until the start-up gives it one', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/a' }).integrationKey).toBeNull();
  });

  it('reads the keys being rotated out from INTEGRATION_KEY_PREVIOUS, refusing a malformed one', () => {
    const a = Buffer.alloc(32, 1);
    const b = Buffer.alloc(32, 2);
    expect(
      loadConfig({ INTEGRATION_KEY_PREVIOUS: `${a.toString('base64')},${b.toString('hex')}` })
        .previousIntegrationKeys,
    ).toEqual([a, b]);
    expect(() => loadConfig({ INTEGRATION_KEY_PREVIOUS: 'curta' })).toThrow(
      /INTEGRATION_KEY_PREVIOUS inválida/,
    );
  });

  it('has no default in production, and the start-up stops with a clear error', async () => {
    const config = await withServerSecret(loadConfig({ NODE_ENV: 'production' }), { NODE_ENV: 'production' });
    expect(config.integrationKey).toBeNull();
    expect(() => requireIntegrationKey(config)).toThrow(/INTEGRATION_KEY não definida/);
  });
});

describe('the environment, checked at boot', () => {
  it('stops the start-up on a number that is not one, naming the variable and what it accepts', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(
      'Configuração inválida: PORT deve ser um número inteiro entre 1 e 65535.',
    );
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '-5' })).toThrow(
      /SESSION_IDLE_MINUTES deve ser um número/,
    );
  });

  it('lists every wrong variable at once, and refuses a switch or a level it does not know', () => {
    expect(() => loadConfig({ DEMO_DATA: 'sim', LOG_LEVEL: 'verbose', PORT: '70000' })).toThrow(
      /PORT deve ser .*DEMO_DATA aceita 0 \(desligado\) ou 1 \(ligado\)\. LOG_LEVEL aceita fatal, error/,
    );
  });

  it('is a start-up refusal (the supervisor does not restart a server whose configuration is wrong)', () => {
    expect(() => loadConfig({ ROLE: 'web' })).toThrow(StartupRefusal);
    expect(() => loadConfig({ CLUSTER_WORKERS: 'dois' })).toThrow(StartupRefusal);
  });

  it('takes empty values as unset and reads the checked ones', () => {
    const config = loadConfig({
      PORT: '',
      CLUSTER_WORKERS: '3',
      LOG_REQUESTS: '1',
      DEMO_IMAGERY_SCALE: '0.5',
    });
    expect(config.port).toBe(3000);
    expect(config.clusterWorkers).toBe(3);
    expect(config.logRequests).toBe(true);
    expect(config.demoImageryScale).toBe(0.5);
  });
});

describe('settings other modules once read from the environment themselves', () => {
  it('TILE_CACHE_MB is 64 unless set, 0 turns the cache off, and a non-number stops the start-up', () => {
    expect(loadConfig({}).tileCacheMb).toBe(64);
    expect(loadConfig({ TILE_CACHE_MB: '0' }).tileCacheMb).toBe(0);
    expect(() => loadConfig({ TILE_CACHE_MB: 'muito' })).toThrow(/TILE_CACHE_MB deve ser um número inteiro/);
  });

  it('CPU_NICENESS is 10 unless set, 0 to 19, anything else stops the start-up', () => {
    expect(loadConfig({}).cpuNiceness).toBe(10);
    expect(loadConfig({ CPU_NICENESS: '0' }).cpuNiceness).toBe(0);
    expect(() => loadConfig({ CPU_NICENESS: '20' })).toThrow(
      /CPU_NICENESS deve ser um número inteiro entre 0 e 19/,
    );
  });

  it('CPU_THREADS is one per core unless set, and zero stops the start-up', () => {
    expect(loadConfig({}).cpuThreads).toBeUndefined();
    expect(loadConfig({ CPU_THREADS: '2' }).cpuThreads).toBe(2);
    expect(() => loadConfig({ CPU_THREADS: '0' })).toThrow(/CPU_THREADS deve ser um número inteiro entre 1/);
  });

  it('the base maps’ origins, for the Content-Security-Policy, come with the configuration', () => {
    const config = loadConfig({
      BASEMAP_STREET_URL: 'https://tiles.example.com/{z}/{x}/{y}.png',
      BASEMAP_EXTRA_ORIGINS: 'https://fonts.example.com',
    });
    expect(config.baseMapOrigins).toEqual(['https://tiles.example.com', 'https://fonts.example.com']);
  });

  it('MIRANTE_WORKER_INDEX names a cluster process; unset outside a cluster', () => {
    expect(loadConfig({}).clusterWorkerIndex).toBeUndefined();
    expect(loadConfig({ MIRANTE_WORKER_INDEX: '0' }).clusterWorkerIndex).toBe(0);
  });
});
