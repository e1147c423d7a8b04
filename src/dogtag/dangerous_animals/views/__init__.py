"""The dangerous-animal pages: the list of cases, open a case, a case's page and its next event."""

from dogtag.dangerous_animals.views.documents import notice_document
from dogtag.dangerous_animals.views.pages import case_detail, case_list, case_new

__all__ = ["case_detail", "case_list", "case_new", "notice_document"]
