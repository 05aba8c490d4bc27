"""gunicorn settings for HTTP mode. Threads, not processes alone: answers wait on Slack's Web API."""

import json
import os

from bot import logsetup

# Logging as LOG_LEVEL says, timestamped, from the start: gunicorn replaced the process that read the
# environment, and the workers it forks inherit this (what the app logs while it loads included).
logsetup.configure()

workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
worker_class = "gthread"
timeout = 30
# On SIGTERM, finish the requests in flight (and their log rows) before exiting.
graceful_timeout = 20
# gunicorn's line per request only where GUNICORN_ACCESS_LOG asks for it ("-": standard output, else a file):
# every Slack request is in the app's own records already (its row in the request log; a refusal or a
# replay, a line of ours), and formatting that line was 0.15-0.25 ms of a worker's CPU per request, a tenth
# of a cached answer's (bench/worker_cpu.py, bench/HISTORY.md). Turned on, it holds no header, so no token.
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None


def post_worker_init(worker) -> None:
    import logging

    logging.getLogger("bot.web").info("gpu-sizer worker answering Slack on /slack/events")


def worker_exit(server, worker) -> None:
    """Before the worker goes, within the graceful timeout: answers handed over after an acknowledgement
    are delivered, then the request log writes what waits, or spools it for the next start."""
    app = getattr(getattr(worker, "wsgi", None), "bolt_app", None)
    services = getattr(app, "services", None)
    if services is not None:
        services.shutdown(graceful_timeout - 5)  # the requests in flight had their share first
        # One line on how often the answer caches served (make bench reads it from the server's log).
        server.log.info(
            "answer caches (worker %s): %s", worker.pid, json.dumps(services.pipeline.cache_stats())
        )
