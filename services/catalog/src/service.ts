import { wordSimilaritySetting, type ServiceDefinition } from '@trustcircle/service-kit';
import { migrations, scopedTables } from '../migrations';
import { createCatalogApp } from './app';
import { CatalogEnvSchema, type CatalogConfig } from './config';

export const catalogService: ServiceDefinition<CatalogConfig> = {
  name: 'catalog',
  defaultPort: 4003,
  envSchema: CatalogEnvSchema,
  migrations,
  scopedTables,
  databaseSettings: (config) => wordSimilaritySetting(config.SEARCH_SIMILARITY),
  createApp: createCatalogApp,
};
