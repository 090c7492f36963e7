"""The tools beside `check`: `insight` (`info`, `graph`), `lint`, `simulate`.

Each reads a model through the pipeline (`ispl`, `symbolic`, `semantics`) and shows
what it finds through `render`; `batch/` and `prob/` are the other two tools, each a
package of its own.
"""
