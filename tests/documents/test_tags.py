"""The tag sheet (3-2-3.A): a round face for every tag issued to the selected licenses, and the
table to check them against."""

from dogtag.documents import tags
from dogtag.licensing import services
from dogtag.licensing.models import Receipt

from .conftest import TODAY, D, cash, dog_with_rabies, pdf_pages, pdf_text

CITATION = (
    "What the City Code says 3-2-3.A — Upon the payment of the license fee, the owner of a "
    "licensed dog shall be furnished a receipt, together with a suitable tag."
)


def face(serial: str, license_number: str, expires: str) -> str:
    return (
        f"CITY OF NOWTHEN DOG LICENSE {serial} License {license_number} Expires {expires} "
        "City Code 3-2-3.A"
    )


def license_three_dogs(clerk, pat, lee, biscuit):
    """Biscuit today (tag 2026-00001), Moose on 2026-11-02 (tag 2026-00002) and Juno on
    2026-10-30 (tag 2026-00003)."""
    dog, rabies = biscuit
    services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    )
    moose, moose_rabies = dog_with_rabies(
        clerk,
        lee,
        "Moose",
        "Newfoundland",
        "Black",
        "male",
        vaccinated=D(2026, 10, 20),
        expires=D(2027, 10, 20),
        born=D(2026, 4, 2),
    )
    services.issue_license(
        dog=moose,
        rabies=moose_rabies,
        kind="new",
        on=D(2026, 11, 2),
        payment=cash("3.00"),
        actor=clerk,
    )
    juno, juno_rabies = dog_with_rabies(
        clerk,
        pat,
        "Juno",
        "Border collie",
        "Black and white",
        "female",
        vaccinated=D(2026, 10, 1),
        expires=D(2029, 10, 1),
        born=D(2026, 4, 1),
    )
    services.issue_license(
        dog=juno,
        rabies=juno_rabies,
        kind="new",
        on=D(2026, 10, 30),
        payment=cash("8.00"),
        actor=clerk,
    )


def test_tag_sheet_for_the_licenses_issued_in_a_month(clerk, stock, pat, lee, biscuit):
    # given three licenses, two of them issued in November 2026
    license_three_dogs(clerk, pat, lee, biscuit)
    # when the tag sheet for November is rendered
    selection = tags.issued_between(D(2026, 11, 1), D(2026, 11, 30))
    pages = pdf_pages(tags.render(selection), "tag-sheet-november.pdf")
    # then one page: a face per tag in the order the licenses issued, then the check list
    assert len(pages) == 1
    text = pages[0]
    assert (
        "Tag sheet Licenses issued November 1, 2026 to November 30, 2026 · 2 tags to print "
        "Print at actual size (100%, no scaling): each circle is 1.25 in across; cut on the "
        "outer line. Every tag goes to the owner with the receipt, to be fastened to the collar "
        "of the dog it was issued for (City Code 3-2-3.A). "
        + face("2026-00002", "2026-00002", "10/20/2027")
        + " "
        + face("2026-00001", "2026-00001", "10/01/2027")
        + " Check list Tag serial License Expires Dog Owner Checked "
        "2026-00002 2026-00002 2027-10-20 Moose (Newfoundland, Black) Lee Carlson "
        "2026-00001 2026-00001 2027-10-01 Biscuit (Labrador retriever, Yellow) Pat Gustafson "
        + CITATION
    ) in text
    # Juno's license, issued in October, is not on it
    assert "2026-00003" not in text
    assert "Not printed" not in text
    assert selection.description == "Licenses issued November 1, 2026 to November 30, 2026"
    assert tags.filename(selection) == "tag-sheet-2026-11-01-to-2026-11-30.pdf"


def test_a_duplicate_tag_replaces_the_lost_one_on_the_sheet(clerk, stock, biscuit_licensed):
    # given Biscuit's tag 2026-00001 reported lost and duplicate 2026-00002 issued
    services.issue_duplicate_tag(
        license_=biscuit_licensed.license,
        reason="lost",
        on=TODAY,
        payment=cash("1.00"),
        actor=clerk,
    )
    # when the tag sheet for today is rendered
    text = pdf_text(tags.render(tags.issued_between(TODAY, TODAY)), "tag-sheet-duplicate.pdf")
    # then only the tag being worn is printed
    assert "· 1 tag to print" in text
    assert face("2026-00002", "2026-00001", "10/01/2027") in text
    assert "2026-00001 2026-00001" not in text  # the lost tag's row


def test_tag_sheet_for_listed_licenses_names_those_without_a_tag(clerk, stock, pat, lee, biscuit):
    # given three licenses, and Moose's voided with its tag
    license_three_dogs(clerk, pat, lee, biscuit)
    services.void_receipt(
        receipt=Receipt.objects.get(number="R2026-000002"),
        reason="Wrong owner",
        actor=clerk,
    )
    # when the sheet is asked for three license numbers, in that order
    selection, missing = tags.numbered(["2026-00003", "2026-00002", "2026-00001"])
    text = pdf_text(tags.render(selection), "tag-sheet-listed.pdf")
    # then the tags issued are printed in the order asked, and the void license is named
    assert missing == []
    assert "Tag sheet Licenses 2026-00003, 2026-00002, 2026-00001 · 2 tags to print" in text
    assert (
        face("2026-00003", "2026-00003", "10/01/2029")
        + " "
        + face("2026-00001", "2026-00001", "10/01/2027")
        + " Check list"
    ) in text
    assert (
        "Not printed: no tag issued License Dog Owner Status "
        "2026-00002 Moose Lee Carlson void (receipt voided) " + CITATION
    ) in text
    assert tags.filename(selection) == "tag-sheet-2026-00003-and-2-more.pdf"


def test_unknown_license_numbers_are_reported(biscuit_licensed):
    selection, missing = tags.numbered(["2026-00001", "2026-09999"])
    assert missing == ["2026-09999"]
    assert [lic.number for lic in selection.licenses] == ["2026-00001"]


def test_a_long_run_of_tags_breaks_across_pages(clerk, stock, pat):
    # given twelve dogs licensed today
    for n in range(12):
        dog, rabies = dog_with_rabies(
            clerk,
            pat,
            f"Dog{n:02d}",
            "Mixed",
            "Brown",
            "male",
            vaccinated=D(2026, 10, 1),
            expires=D(2027, 10, 1),
            born=D(2026, 5, 20),
        )
        services.issue_license(
            dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
        )
    # when the sheet is rendered, then every serial is printed once on a face and once listed
    text = pdf_text(tags.render(tags.issued_between(TODAY, TODAY)), "tag-sheet-long.pdf")
    for n in range(1, 13):
        serial = f"2026-{n:05d}"
        assert text.count(f"DOG LICENSE {serial} License {serial}") == 1
        assert text.count(f"{serial} {serial} 2027-10-01 Dog{n - 1:02d} (Mixed, Brown)") == 1


def test_the_sheet_reads_the_records_in_a_fixed_number_of_queries(
    clerk, stock, pat, lee, biscuit, django_assert_num_queries
):
    license_three_dogs(clerk, pat, lee, biscuit)
    # the licenses with their dogs and owners, then their tags
    with django_assert_num_queries(2):
        tags.render(tags.issued_between(D(2026, 10, 1), D(2026, 11, 30)))
