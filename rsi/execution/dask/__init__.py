"""A search's evaluations on a Dask cluster (`[executor] kind = "dask"`).

- `pool.py`: `DaskPool`, the `EvaluationPool` on a cluster (`open_dask_pool`);
- `fetch.py`: results fetched off the driver's thread;
- `worker.py`: a worker's identity check and its evaluation services, built by the
  factory the driver hands down (the worker never imports the engine).

Nothing is imported here: `distributed` loads only when a Dask pool is opened.
"""
