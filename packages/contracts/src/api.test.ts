import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiOperations, buildOpenApiDocument } from './api';

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument();

  it('describes every operation once', () => {
    const keys = apiOperations.map((op) => `${op.method} ${op.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const op of apiOperations) {
      const openApiPath = op.path.replace(/:(\w+)/g, '{$1}');
      expect(document.paths[openApiPath]?.[op.method]).toBeDefined();
    }
  });

  it('is what docs/openapi.json holds (run `npm run openapi` after changing a contract)', () => {
    const file = path.resolve(__dirname, '../../../docs/openapi.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(JSON.parse(JSON.stringify(document)));
  });
});
