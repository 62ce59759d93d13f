import pytest
from tests.test_sheet_services import enter, ruf, table, p  # noqa
from tournament.models import SheetEvent, Tournament

pytestmark = pytest.mark.django_db

def test_cascade(table, p):
    enter(table, 2, ruf(p))
    assert SheetEvent.objects.count() == 1
    Tournament.objects.all().delete()
    assert SheetEvent.objects.count() == 0
