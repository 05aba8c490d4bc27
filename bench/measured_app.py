"""The two WSGI applications of bench/web.py (ours, bot.web.wsgi, and bench/bare_app.py's), each wrapped to
count the CPU its request threads spend inside the WSGI call, for bench/worker_cpu.py: what a worker spends
beyond that (gunicorn's HTTP parsing, its access log, writing the response, the other threads) is the rest
of the worker's CPU. Each worker keeps its running total in a 16-byte file (BENCH_WSGI_CPU_DIR/<pid>):
CPU seconds inside the call, and calls.
"""

from __future__ import annotations

import cProfile
import gc
import os
import struct
import threading
import time

_FORMAT = struct.Struct("dddddddd")


def _measured(application):
    folder = os.environ["BENCH_WSGI_CPU_DIR"]
    lock = threading.Lock()
    # CPU in the WSGI call, calls; then the cyclic garbage collector's CPU and passes, by generation.
    totals = [0.0] * 8
    collecting = threading.local()

    def collector(phase, info):
        if phase == "start":
            collecting.started = time.thread_time()
        elif hasattr(collecting, "started"):
            generation = info["generation"]
            totals[2 + 2 * generation] += time.thread_time() - collecting.started
            totals[3 + 2 * generation] += 1

    gc.callbacks.append(collector)
    fd = None
    profiles = threading.local()  # with BENCH_PROFILE set: a cProfile of each request thread's WSGI calls

    def measured(environ, start_response):
        nonlocal fd
        profile = None
        if os.environ.get("BENCH_PROFILE") and os.path.exists(os.path.join(folder, "profile-on")):
            profile = getattr(profiles, "profile", None)
            if profile is None:
                profile = profiles.profile = cProfile.Profile(time.thread_time)
                profiles.calls = 0
            profile.enable()
        started = time.thread_time()
        try:
            return application(environ, start_response)
        finally:
            if profile is not None:
                profile.disable()
                profiles.calls += 1
                if profiles.calls % 25 == 0:
                    profile.dump_stats(
                        os.path.join(folder, f"prof-{os.getpid()}-{threading.get_native_id()}")
                    )
            # The thread's CPU clock (exact, from the scheduler), user and system together: getrusage's
            # per-thread split is apportioned by clock ticks, meaningless over a millisecond.
            spent = time.thread_time() - started
            with lock:
                totals[0] += spent
                totals[1] += 1
                if fd is None:  # opened in the worker, after the fork
                    fd = os.open(os.path.join(folder, str(os.getpid())), os.O_RDWR | os.O_CREAT, 0o600)
                os.pwrite(fd, _FORMAT.pack(*totals), 0)

    measured.bolt_app = getattr(application, "bolt_app", None)  # for gunicorn_conf's worker_exit
    return measured


def read(folder: str, pid: int) -> tuple[float, ...]:
    """(CPU seconds inside the WSGI call, calls, then for each of the garbage collector's three
    generations its CPU seconds and passes) of one worker so far."""
    try:
        with open(os.path.join(folder, str(pid)), "rb") as f:
            return _FORMAT.unpack(f.read(_FORMAT.size))
    except (OSError, struct.error):
        return (0.0,) * 8


def ours():
    from bot.web import wsgi

    return _measured(wsgi())


def bare():
    from bench.bare_app import wsgi

    return _measured(wsgi())
