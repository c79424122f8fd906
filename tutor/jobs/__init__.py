"""Long work off the web servers: a job queue on Redis (RQ) and its workers.

Today one kind of job runs there: grading a finished hand (``grading``).  ``queue`` puts
jobs on the queue and answers their state; ``worker`` is ``flask --app tutor jobs worker``,
the process that runs them (systemd's ``conquian-worker@.service``, ``scripts/run`` with
``REDIS_URL``).  Without ``REDIS_URL`` there is no queue and each web worker grades as before
(tutor.play.grader).
"""
