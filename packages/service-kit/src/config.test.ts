import { z } from 'zod';
import { BaseServiceEnvSchema, ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig(BaseServiceEnvSchema, { DATABASE_URL: 'postgres://u@h/db' });
    expect(config).toMatchObject({
      PORT: 0,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NATS_URL: 'nats://127.0.0.1:4222',
    });
  });

  it('stops with one line naming each bad variable', () => {
    const attempt = () =>
      loadConfig(BaseServiceEnvSchema, { DATABASE_URL: 'not a url', PORT: 'eighty' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message.split('\n')).toHaveLength(1);
      expect(message).toContain('DATABASE_URL: must be a URL');
      expect(message).toContain('PORT: must be a port number');
    }
  });

  it('names a missing required variable', () => {
    expect(() =>
      loadConfig(BaseServiceEnvSchema.extend({ EXTRA: z.string() }), {
        DATABASE_URL: 'postgres://h/db',
      }),
    ).toThrow(/DATABASE_URL|EXTRA/);
  });
});
