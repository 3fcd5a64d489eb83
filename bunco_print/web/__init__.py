"""The scoring engine's web face (`bunco-print serve`): Starlette and uvicorn, the `server`
extra. Importing this package imports neither; `app.make_app` and `server.run` do."""
