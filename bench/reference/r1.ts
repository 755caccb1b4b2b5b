/**
 * R1, the bare reference (issue 20): one Express route answering a small JSON, nothing else.
 * What a request costs in this Node and Express with no work at all.
 */
import express from 'express';

const app = express();
app.get('/readyz', (_req, res) => {
  res.json({ ready: true });
});
app.get('/r1', (_req, res) => {
  res.json({ id: 1, name: 'reference', ok: true });
});
app.listen(Number(process.env.PORT), '127.0.0.1');
