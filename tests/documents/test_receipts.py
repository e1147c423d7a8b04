"""The receipt PDF (3-2-2.A, 3-2-3.A): everything on it comes from the Receipt and its lines."""

from decimal import Decimal

from dogtag.documents import receipts
from dogtag.licensing import services
from dogtag.licensing.receipts import Payment

from .conftest import GENERATED, RESOLUTION, TODAY, D, cash, dog_with_rabies, pdf_pages, pdf_text

FOOTER_QUOTES = (
    "What the City Code says "
    "3-2-2.A — The license fee shall be paid at the time of making the application, and City "
    "staff shall deliver the original receipt to the applicant. "
    "3-2-3.A — No refund shall be made of any dog license fee to anyone who leaves the City or "
    "in the event the dog dies before expiration of the license."
)


def test_receipt_of_a_new_license(biscuit_licensed):
    # given Biscuit licensed today for $3.00 cash by Dana Berg
    receipt = receipts.find("R2026-000001")
    # when the receipt is rendered
    pages = pdf_pages(receipts.render(receipt), "receipt-new.pdf")
    # then one page with the number, the time in Nowthen, payer, owner, cashier and payment
    assert len(pages) == 1
    text = pages[0]
    assert text.startswith(
        "City of Nowthen Dog licensing 19800 Nowthen Blvd NW Nowthen, MN 55330 (763) 441-1347 "
        f"Receipt R2026-000001 {GENERATED} "
        "Receipt R2026-000001 Dog license fees paid at the City offices (City Code 3-2-2.A, "
        "3-2-3.A) "
        "Receipt number R2026-000001 "
        "Date and time November 29, 2026, 10:00 AM CST "
        "Payer Pat Gustafson "
        "Owner Pat Gustafson "
        "Owner's address 7120 Viking Blvd NW, Nowthen, MN 55303 "
        "Cashier Dana Berg "
        "Payment Cash "
        "License 2026-00001 (Biscuit) "
    )
    # and the line with its section and resolution, the total, and the quoted sections
    assert (
        "Amounts Description Section Source of the amount Amount "
        f"Dog license, 1-year tier, Biscuit 3-2-2.B {RESOLUTION} $3.00 "
        "Total $3.00 " + FOOTER_QUOTES
    ) in text
    assert text.endswith("Page 1 of 1")
    assert "VOID" not in text
    assert "Voids" not in text


def test_receipt_with_a_penalty_paid_by_check(clerk, stock, pat):
    # given a license that expired 2026-09-10 renewed late, on 2026-11-29, by check no. 1042
    juno, old = dog_with_rabies(
        clerk,
        pat,
        "Juno",
        "Border collie",
        "Black and white",
        "female",
        vaccinated=D(2025, 9, 10),
        expires=D(2026, 9, 10),
        born=D(2025, 3, 1),
    )
    services.issue_license(
        dog=juno, rabies=old, kind="new", on=D(2025, 9, 20), payment=cash("3.00"), actor=clerk
    )
    new = services.record_rabies_vaccination(
        dog=juno,
        actor=clerk,
        vaccinated_on=D(2026, 10, 1),
        expires_on=D(2029, 10, 1),
        duration_years=3,
        veterinarian="Dr. Ana Lindqvist, DVM",
    )
    renewed = services.issue_license(
        dog=juno,
        rabies=new,
        kind="renewal",
        on=TODAY,
        payment=Payment(method="check", amount=Decimal("14.00"), reference="1042"),
        actor=clerk,
    )
    # when its receipt is rendered
    text = pdf_text(receipts.render(receipts.find(renewed.receipt.number)), "receipt-penalty.pdf")
    # then both lines, each with its section and resolution, and the total
    assert renewed.receipt.number == "R2026-000002"
    assert "Payment Check, reference 1042 License 2026-00001 (Juno)" in text
    assert (
        f"Dog license, 3-year tier, Juno 3-2-2.B {RESOLUTION} $8.00 "
        f"Penalty fee 3-2-2.B {RESOLUTION} $6.00 "
        "Total $14.00"
    ) in text


def test_a_voided_receipt_is_marked_void_and_names_its_reversal(clerk, biscuit_licensed):
    # given Biscuit's receipt voided by the administrator's reversing receipt
    services.void_receipt(
        receipt=biscuit_licensed.receipt, reason="Entered for the wrong dog", actor=clerk
    )
    # when the original is rendered
    text = pdf_text(receipts.render(receipts.find("R2026-000001")), "receipt-voided.pdf")
    # then it carries the VOID stamp and says by which receipt and why; its amounts stay
    assert text.endswith("names the receipt it voids. VOID Page 1 of 1")  # the stamp
    assert text.count("VOID") == 2  # the stamp across the page and the notice
    assert (
        "Receipt R2026-000001 Dog license fees paid at the City offices (City Code 3-2-2.A, "
        "3-2-3.A) VOID. Voided by R2026-000002 on November 29, 2026, 10:00 AM CST, reason: "
        "Entered for the wrong dog Receipt number R2026-000001"
    ) in text
    assert f"Dog license, 1-year tier, Biscuit 3-2-2.B {RESOLUTION} $3.00 Total $3.00" in text


def test_the_reversing_receipt_says_which_receipt_it_voids(clerk, biscuit_licensed):
    # given Biscuit's receipt voided
    reversal = services.void_receipt(
        receipt=biscuit_licensed.receipt, reason="Entered for the wrong dog", actor=clerk
    )
    # when the reversing receipt is rendered
    text = pdf_text(receipts.render(receipts.find(reversal.number)), "receipt-reversal.pdf")
    # then it names the receipt it voids and why, with the negative amounts
    assert (
        "Reversing receipt R2026-000002 Dog license fees paid at the City offices (City Code "
        "3-2-2.A, 3-2-3.A) Voids R2026-000001 of November 29, 2026, 10:00 AM CST, reason: "
        "Entered for the wrong dog Receipt number R2026-000002"
    ) in text
    assert (
        f"VOID of R2026-000001: Dog license, 1-year tier, Biscuit 3-2-2.B {RESOLUTION} -$3.00 "
        "Total -$3.00"
    ) in text
    # it is not itself void
    assert "Voided by" not in text
    assert text.endswith("names the receipt it voids. Page 1 of 1")


def test_a_cashier_without_a_full_name_is_shown_by_user_name(django_user_model, stock, biscuit):
    # given a cashier whose account has no first or last name
    cashier = django_user_model.objects.create_user("frontdesk2", password="x" * 12)
    dog, rabies = biscuit
    issued = services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=cashier
    )
    # when the receipt is rendered, then the user name stands for the cashier
    text = pdf_text(receipts.render(receipts.find(issued.receipt.number)), "receipt-user.pdf")
    assert "Cashier frontdesk2 Payment Cash" in text


def test_a_receipt_is_read_in_two_queries(clerk, biscuit_licensed, django_assert_num_queries):
    services.void_receipt(receipt=biscuit_licensed.receipt, reason="Wrong dog", actor=clerk)
    # the receipt with its owner, cashier, license, dog and reversal; then its lines
    with django_assert_num_queries(2):
        receipts.render(receipts.find("R2026-000001"))
