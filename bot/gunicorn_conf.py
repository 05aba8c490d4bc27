"""gunicorn settings for HTTP mode. Threads, not processes alone: answers wait on Slack's Web API."""

import os

workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
worker_class = "gthread"
timeout = 30
# On SIGTERM, finish the requests in flight (and their log rows) before exiting.
graceful_timeout = 20
accesslog = "-"
# Slack's retries and our own logs, never a token: gunicorn's access log has no headers by default.


def worker_exit(server, worker) -> None:
    """Answers handed over after an acknowledgement are delivered before the worker goes (within the
    graceful timeout, leaving a margin for the log's last rows)."""
    app = getattr(getattr(worker, "wsgi", None), "bolt_app", None)
    services = getattr(app, "services", None)
    if services is not None:
        services.after_ack.drain(graceful_timeout - 5)
