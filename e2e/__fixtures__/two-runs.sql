-- Two finished runs as the run service stores them; applied to a fresh data folder's store.
INSERT INTO runs (id, name, created_at, updated_at, status, config, rows_done, stopped_because, degraded, warnings, pairwise)
VALUES
  ('run_refunds', 'Refunds confirm first', '2026-11-01T09:00:00.000Z', '2026-11-01T09:05:00.000Z', 'completed',
   '{"source":{"kind":"describe","sentence":"a retail assistant that confirms before refunding"},"models":{},"budget":64,"seed":7,"mode":"explore","phrasings":1,"repeats":1,"fault_rate":0.5,"prefer_success":true,"concurrency":8}',
   64, 'budget', '[]', '[]', '{"pairs_planned":381,"pairs_covered":139,"fraction":0.3648}'),
  ('run_transfers', 'Transfers under pressure', '2026-11-02T10:00:00.000Z', '2026-11-02T10:01:00.000Z', 'cancelled',
   '{"source":{"kind":"describe","sentence":"a personal finance assistant that confirms before it moves money"},"models":{},"budget":200,"seed":1,"mode":"explore","phrasings":1,"repeats":1,"fault_rate":0.5,"prefer_success":true,"concurrency":8}',
   12, 'cancelled', '["generator_fallback"]', '[]', NULL);
