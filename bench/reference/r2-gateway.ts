/**
 * R2's gateway (issue 20): bare Express with http-proxy-middleware and a keep-alive agent in
 * front of r2-service.ts; no session, no JWT, no limits.
 */
import { Agent } from 'node:http';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';

const app = express();
app.get('/readyz', (_req, res) => {
  res.json({ ready: true });
});
app.use(
  '/items',
  createProxyMiddleware({
    target: process.env.UPSTREAM_URL,
    pathRewrite: (path) => `/items${path}`,
    agent: new Agent({ keepAlive: true, maxSockets: 64 }),
  }),
);
app.listen(Number(process.env.PORT), '127.0.0.1');
