"""Every legal refusal of a dangerous-dog step is a blocking finding of the rules core, citing its
subsection; a refused step writes nothing (like every refused action: the findings go back to the
clerk in ``Refused``). What stays a plain ``ServiceError`` is not law: its words cite no section."""

from __future__ import annotations

import ast
import datetime as dt
import pathlib
import re
from decimal import Decimal

import pytest

from dogtag.dangerous_dogs import services
from dogtag.licensing.receipts import Payment
from dogtag.records.errors import Refused

from .conftest import CHICAGO, FEE, counts, designate, proof, walk

D = dt.date
SERVICES = pathlib.Path(services.__file__).parent
SECTION = re.compile(r"3-2-\d")


def _literals(node: ast.AST) -> list[str]:
    return [
        n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    ]


def test_no_service_raises_a_plain_error_citing_a_section():
    cited = []
    for path in sorted(SERVICES.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "ServiceError"
                and any(SECTION.search(text) for text in _literals(node))
            ):
                cited.append(f"{path.name}:{node.lineno}")
    assert cited == []


def test_the_scan_finds_a_plain_error_citing_a_section():
    tree = ast.parse('raise ServiceError(f"Too late for {x} (3-2-9.A.1.c).")')
    call = next(n for n in ast.walk(tree) if isinstance(n, ast.Call))
    assert any(SECTION.search(text) for text in _literals(call))


def _served(officer, hearing_officer, dog):
    return walk("served", officer, hearing_officer, dog)


@pytest.mark.parametrize(
    "section, rule, step, call",
    [
        (
            "3-2-9.A",
            "dangerous_dog.who_acts",
            None,
            lambda case, officer, ho, dog: designate(officer, dog, authority="mayor"),
        ),
        (
            "3-2-9.A.1.c",
            "dangerous_dog.hearing_request_in_time",
            "served",
            lambda case, officer, ho, dog: services.receive_hearing_request(
                case=case,
                received_on=D(2026, 11, 2),
                requested_by="Pat",
                in_writing=False,
                actor=officer,
            ),
        ),
        (
            "3-2-9.A.1.c",
            "dangerous_dog.hearing_request_in_time",
            "served",
            lambda case, officer, ho, dog: services.receive_hearing_request(
                case=case,
                received_on=D(2026, 11, 13),
                requested_by="Pat",
                in_writing=True,
                actor=officer,
            ),
        ),
        (
            "3-2-9.A.1.e",
            "dangerous_dog.designation_stands",
            "served",
            lambda case, officer, ho, dog: services.designation_stands(
                case=case, on=D(2026, 11, 12), actor=officer
            ),
        ),
        (
            "3-2-9.A.2.a",
            "dangerous_dog.hearing_in_time",
            "hearing_requested",
            lambda case, officer, ho, dog: services.schedule_hearing(
                case=case,
                scheduled_at=dt.datetime(2026, 11, 20, 10, 0, tzinfo=CHICAGO),
                place="City Hall",
                on=D(2026, 11, 3),
                actor=officer,
            ),
        ),
        (
            "3-2-9.A.2.d",
            "dangerous_dog.record_states",
            "hearing_scheduled",
            lambda case, officer, ho, dog: services.hold_hearing(
                case=case,
                held_on=D(2026, 11, 12),
                actor=ho,
                authority_represented_by="Officer Reyes",
                owner_represented_by=" ",
            ),
        ),
        (
            "3-2-9.A.2.f",
            "dangerous_dog.order_disposition",
            "hearing_held",
            lambda case, officer, ho, dog: services.issue_order(
                case=case,
                issued_on=D(2026, 11, 16),
                disposition="destruction",
                findings_of_fact="Findings.",
                actor=ho,
            ),
        ),
        (
            "3-2-9.B.5",
            "dangerous_dog.registration_fee",
            "dangerous",
            lambda case, officer, ho, dog: services.register(
                case=case,
                proof=proof(),
                payment=Payment(method="check", amount=Decimal("600.00")),
                on=D(2026, 11, 29),
                actor=officer,
            ),
        ),
        (
            "3-2-9.E.5",
            "dangerous_dog.tag",
            "dangerous",
            lambda case, officer, ho, dog: services.register(
                case=case,
                proof=proof(tag_number=" "),
                payment=FEE,
                on=D(2026, 11, 29),
                actor=officer,
            ),
        ),
        (
            "3-2-9.E.4",
            "dangerous_dog.record_states",
            "dangerous",
            lambda case, officer, ho, dog: services.register(
                case=case,
                proof=proof(warning_symbols=0),
                payment=FEE,
                on=D(2026, 11, 29),
                actor=officer,
            ),
        ),
        (
            "3-2-9.B.6.b",
            "dangerous_dog.procedure",
            "dangerous",
            lambda case, officer, ho, dog: services.serve_revocation_notice(
                case=case,
                reasons="Loose",
                served_on=D(2026, 11, 29),
                method="personal",
                hearing_at=dt.datetime(2026, 12, 3, 10, 0, tzinfo=CHICAGO),
                place="City Hall",
                actor=officer,
            ),
        ),
        # issue 11 item 2: the pending-hearing proof (A.2.b) and the ordinance's closed lists
        (
            "3-2-9.A.2.b",
            "dangerous_dog.pending_hearing",
            "hearing_requested",
            lambda case, officer, ho, dog: services.record_pending_compliance(
                case=case, on=D(2026, 11, 3), seized=False, actor=officer
            ),
        ),
        (
            "3-2-9.A.1.f",
            "dangerous_dog.provided_for",
            "served",
            lambda case, officer, ho, dog: services.record_cost(
                case=case,
                kind="lunch",
                incurred_on=D(2026, 11, 3),
                description="Officer's lunch",
                amount=Decimal("12.00"),
                actor=officer,
            ),
        ),
        (
            "3-2-9.E.3",
            "dangerous_dog.provided_for",
            "dangerous",
            lambda case, officer, ho, dog: services.record_rental_disclosure(
                case=case,
                property_owner="Lakeside Rentals LLC",
                property_address="19050 Nowthen Blvd NW",
                occasion="sublease",
                lease_date=D(2026, 11, 20),
                disclosed_on=D(2026, 11, 19),
                actor=officer,
            ),
        ),
    ],
)
def test_a_legal_refusal_is_a_finding_and_writes_nothing(
    officer, hearing_officer, dog, section, rule, step, call
):
    # given a case at the step before
    case = walk(step, officer, hearing_officer, dog) if step else None
    before = counts()
    # when the step is refused
    with pytest.raises(Refused) as caught:
        call(case, officer, hearing_officer, dog)
    # then the blocking finding cites the subsection, and nothing was written
    first = caught.value.findings[0]
    assert (first.rule, first.blocks) == (rule, True)
    assert section in first.sections
    assert str(caught.value) == " ".join(f.message for f in caught.value.findings if f.blocks)
    assert counts() == before
