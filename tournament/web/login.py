"""The login forms of the site and of the admin, with the length of the user name checked.

Django's login form shows the user name's longest length only to the browser (`maxlength`)
and passes a longer one on to `authenticate()`; django-axes then records the failed login
with that name in a column of 255 characters, which PostgreSQL refuses with an error. Here a
name longer than any account's is refused next to the field, before any password is checked.
"""

from __future__ import annotations

from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.core.validators import MaxLengthValidator


class _NameLengthChecked:
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["username"]
        field.validators.append(MaxLengthValidator(field.max_length))


class LoginForm(_NameLengthChecked, AuthenticationForm):
    pass


class AdminLoginForm(_NameLengthChecked, AdminAuthenticationForm):
    pass
