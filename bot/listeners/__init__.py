"""Bolt listeners, one module per group, each with register(app, services). They stay thin: read the
request, call the pipeline, send what it returns."""
