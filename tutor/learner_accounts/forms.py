"""The learner sign-up form (log-in uses the teachers' ``LoginForm``)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField

from tutor.auth.forms import NewAccountForm


class LearnerSignupForm(NewAccountForm):
    remember = BooleanField(_l("Keep me logged in on this device for 30 days"))
