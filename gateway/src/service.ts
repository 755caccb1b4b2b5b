import { EDGE_MAX_HEADER_BYTES, type ServiceDefinition } from '@trustcircle/service-kit';
import { migrations } from '../migrations';
import { createGatewayApp } from './app';
import { GatewayEnvSchema, type GatewayConfig } from './config';

export const gatewayService: ServiceDefinition<GatewayConfig> = {
  name: 'gateway',
  defaultPort: 8080,
  envSchema: GatewayEnvSchema,
  migrations,
  usesNats: false,
  verifiesTokens: false,
  maxHeaderBytes: EDGE_MAX_HEADER_BYTES,
  publicEdge: true,
  announcesChanges: false,
  createApp: createGatewayApp,
};
