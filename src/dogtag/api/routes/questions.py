"""Every question of ``dogtag evaluate`` as ``POST /api/v1/questions/{name}``: the same facts
(the question's own JSON Schema is the request body's schema in the OpenAPI document), the same
findings out. The registry is the rules core's (``dogtag.law.questions``)."""

from __future__ import annotations

import logging
from typing import Any

from django.http import HttpRequest
from ninja import Body, Router
from ninja.errors import HttpError

from dogtag.api.schemas import AnswerOut, QuestionOut
from dogtag.law import params
from dogtag.law.questions import (
    QUESTIONS,
    FactsError,
    Question,
    QuestionNotInLaw,
    evaluate,
    not_in_law,
)
from dogtag.records.services import today

router = Router(tags=["Questions"])
logger = logging.getLogger(__name__)

#: operationId of each question's operation, to give it its facts schema in the document.
OPERATION_IDS: dict[str, str] = {}


@router.get("/questions", response=list[QuestionOut], summary="The questions and their facts")
def questions(request: HttpRequest) -> list[dict[str, Any]]:
    city, on = params.default(), today()
    return [
        {
            "name": q.name,
            "summary": q.worded(city, on).summary,
            "rules": list(q.rules),
            "facts_schema": q.schema(),
        }
        for q in QUESTIONS.values()
        if not not_in_law(q, city)  # issue 27: only the questions that are law in this city
    ]


def _answer(asked: Question[Any]) -> Any:
    def answer(request: HttpRequest, facts: dict[str, Any] = Body(...)) -> dict[str, Any]:  # noqa: B008
        # The law is public: any key or signed-in member of staff may ask (no record is read).
        try:
            return evaluate(asked.name, facts, params.default())
        except FactsError as exc:
            raise FactsRefused(exc) from None
        except QuestionNotInLaw as exc:
            # issue 27: a question the city in force has no law for yet, never another's answer
            raise HttpError(404, str(exc)) from None
        except (ArithmeticError, ValueError, params.ParameterError) as exc:
            # Facts inside the schema whose dates or numbers leave the calendar or the
            # parameters' dated range: a problem with the facts, never a server error.
            logger.info("question %s: %s", asked.name, exc)
            raise HttpError(422, f"These facts cannot be evaluated: {exc}") from None

    answer.__name__ = "ask_" + asked.name.replace("-", "_")
    return answer


class FactsRefused(Exception):
    def __init__(self, error: FactsError) -> None:
        super().__init__(str(error))
        self.problems = error.problems


for _asked in QUESTIONS.values():
    _operation = "ask_" + _asked.name.replace("-", "_")
    OPERATION_IDS[_operation] = _asked.name
    router.post(
        f"/questions/{_asked.name}",
        response=AnswerOut,
        summary=_asked.name,
        description=str(_asked.schema()["description"]),
        operation_id=_operation,
    )(_answer(_asked))
