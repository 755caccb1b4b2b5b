/**
 * R2's service (issue 20): Express and a pg pool answering one primary-key SELECT per request,
 * behind r2-gateway.ts. The floor a real read through a gateway can be held against.
 */
import express from 'express';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = express();
app.get('/readyz', (_req, res) => {
  res.json({ ready: true });
});
app.get('/items/:id', async (req, res) => {
  const { rows } = await pool.query(
    'select id, name, created_at from reference_items where id = $1',
    [Number(req.params.id)],
  );
  if (rows[0]) res.json(rows[0]);
  else res.status(404).json({ error: 'not found' });
});
app.listen(Number(process.env.PORT), '127.0.0.1');
