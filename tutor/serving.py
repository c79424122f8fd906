"""gunicorn's settings for the site: ``gunicorn -c python:tutor.serving 'tutor:create_app()'``.

``flask --app tutor serve`` (and so ``scripts/run``) and the shipped deployment
(docs/deploy.md) both start the site this way; command-line options still win.

Threaded workers (gthread): a connection that sends its request slowly, or keeps idle
between requests, occupies at most one thread of one worker, while the other threads go
on answering.  Sync workers would give a slow client the whole process, so a handful of
clients trickling request bodies could leave the site unanswered.  Behind nginx (the
deployment) requests reach the workers only once nginx has buffered them whole.

Environment: ``HOST``/``PORT`` (127.0.0.1:8000), ``WEB_CONCURRENCY`` (worker processes,
2), ``GUNICORN_THREADS`` (threads per worker, 8).
"""

from __future__ import annotations

import os

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
# A kept-alive connection that sends nothing for this long is closed.
keepalive = 5
# A worker whose main loop stops answering for this long is replaced.
timeout = 30
graceful_timeout = 20
accesslog = "-"
# Several servers may run on one machine (docs/deploy.md): none claims the default
# control socket path that gunicorn >= 25 would share between them.
control_socket_disable = True
# The forwarded headers of a reverse proxy are read by the site itself (werkzeug's
# ProxyFix, set by TRUSTED_PROXIES): gunicorn trusts none, so that one setting decides.
forwarded_allow_ips = ""
