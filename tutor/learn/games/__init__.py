"""The courses of the games beside conquian-40, one module per rule book, each exporting
``LESSONS`` in teaching order (conquian-40's course is :mod:`tutor.learn.lessons`)."""
