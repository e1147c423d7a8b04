"""Renewal reminder letters: one page per owner, the owner's dogs together, the fees in force on
the expiry date and the late-renewal penalty as the adopted reading words it (3-2-2.B)."""

from decimal import Decimal
from io import BytesIO

import pytest
from pypdf import PdfReader

from dogtag.documents import reminders
from dogtag.law.params import Source
from dogtag.licensing import services
from dogtag.records.services import city_params, enter_fee_resolution

from .conftest import GENERATED, RESOLUTION, TODAY, D, cash, dog_with_rabies, pdf_pages

SEPTEMBER_1, OCTOBER_31 = D(2027, 9, 1), D(2027, 10, 31)

FEE_ROWS = (
    f"One year $3.00 {RESOLUTION} Two years $5.00 {RESOLUTION} Three years $8.00 {RESOLUTION}"
)
RENEWAL = (
    "How the term is set: The license expires on the rabies vaccination's expiry date; the fee "
    "tier is the license's length rounded up to whole years, capped at the longest tier; no "
    "prorating. "
    "If you renew late. A license must be renewed within 30 days after the vaccination or a "
    "penalty set by the City Council is assessed (3-2-2.B). The City counts the 30 days as "
    "follows: Thirty days after the date of the new rabies vaccination. A dog whose license "
    f"lapsed is unlicensed meanwhile (3-2-2.A). Penalty: $6.00 ({RESOLUTION})."
)
WHAT_TO_BRING = (
    "What to bring "
    "● A current rabies vaccination certificate from a licensed veterinarian for each dog: no "
    "license is granted for a dog not currently vaccinated against rabies (3-2-2.G). "
    "● The license fee, paid when you apply; the City gives you the receipt and the new tag "
    "(3-2-2.A, 3-2-3.A)."
)
CLOSING = (
    "If a dog has died, moved away or has a new owner, please tell the City office; no license "
    "fee is refunded when the owner leaves the City or the dog dies (3-2-3.A). Renew at the City "
    "offices: City of Nowthen, 19800 Nowthen Blvd NW, Nowthen, MN 55330, (763) 441-1347. "
    "Sincerely, City of Nowthen, Dog licensing"
)


def license_(clerk, owner, name, breed, *, expires, vaccinated=None):
    """A dog licensed today whose license expires with its vaccination on ``expires``."""
    dog, rabies = dog_with_rabies(
        clerk,
        owner,
        name,
        breed,
        "Brown",
        "female",
        vaccinated=vaccinated or expires.replace(year=expires.year - 1),
        expires=expires,
        born=D(2026, 5, 20),
    )
    return services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    )


@pytest.fixture
def household(clerk, stock, pat, lee):
    """Pat: Juno (expires 2027-09-15), Biscuit (2027-10-01), Rocky (2027-09-20), Pepper (2027-11-25).
    Lee: Moose (2027-10-20)."""
    return {
        "biscuit": license_(clerk, pat, "Biscuit", "Labrador retriever", expires=D(2027, 10, 1)),
        "juno": license_(clerk, pat, "Juno", "Border collie", expires=D(2027, 9, 15)),
        "moose": license_(clerk, lee, "Moose", "Newfoundland", expires=D(2027, 10, 20)),
        "rocky": license_(clerk, pat, "Rocky", "Boxer", expires=D(2027, 9, 20)),
        "pepper": license_(clerk, pat, "Pepper", "Poodle", expires=D(2027, 11, 25)),
    }


def test_one_letter_per_owner_with_all_their_dogs(clerk, household):
    # given Rocky has died (its license ended, no reminder due)
    services.record_dog_status(
        dog=household["rocky"].license.dog, status="deceased", on=TODAY, actor=clerk
    )
    # when the reminders for licenses expiring in September and October 2027 are rendered
    batch = reminders.letters(SEPTEMBER_1, OCTOBER_31)
    pages = pdf_pages(reminders.render(SEPTEMBER_1, OCTOBER_31, batch), "reminders.pdf")
    # then one page per owner, by name: Lee with Moose, Pat with Juno and Biscuit together
    assert [(letter.owner.name, [lic.dog.name for lic in letter.licenses]) for letter in batch] == [
        ("Lee Carlson", ["Moose"]),
        ("Pat Gustafson", ["Juno", "Biscuit"]),
    ]
    assert len(pages) == 2
    lee, pat = pages
    assert lee == (
        "City of Nowthen Dog licensing 19800 Nowthen Blvd NW Nowthen, MN 55330 (763) 441-1347 "
        "Dog license renewal reminder · licenses expiring September 1, 2027 to October 31, 2027 "
        f"{GENERATED} "
        "November 29, 2026 "
        "Lee Carlson 19400 Nowthen Blvd NW Nowthen, MN 55330 "
        "Dog license renewal reminder Dear Lee Carlson, "
        "The City's records show that the license of your dog below expires soon. A dog license "
        "is valid for the same length of time as the dog's rabies vaccination, and every dog kept "
        "in the City must be licensed (City Code 3-2-2.A, 3-2-2.B). "
        "Dog License Tag License expires "
        "Moose (Newfoundland, Brown) 2026-00003 2026-00003 October 20, 2027 "
        + WHAT_TO_BRING
        + " Fees (3-2-2.B, set by council resolution) License term Fee per dog in force on "
        "October 20, 2027 "
        + FEE_ROWS
        + " "
        + RENEWAL
        + " "
        + CLOSING
        + " Page 1 of 1 · sheet 1 of 2"
    )
    assert (
        "Pat Gustafson 7120 Viking Blvd NW Nowthen, MN 55303 "
        "Dog license renewal reminder Dear Pat Gustafson, "
        "The City's records show that the license of your dogs below expires soon."
    ) in pat
    assert (
        "Dog License Tag License expires "
        "Juno (Border collie, Brown) 2026-00002 2026-00002 September 15, 2027 "
        "Biscuit (Labrador retriever, Brown) 2026-00001 2026-00001 October 1, 2027 "
        + WHAT_TO_BRING
        + " Fees (3-2-2.B, set by council resolution) License term Fee per dog in force on "
        "September 15, 2027, October 1, 2027 " + FEE_ROWS + " " + RENEWAL
    ) in pat
    assert pat.endswith(CLOSING + " Page 1 of 1 · sheet 2 of 2")
    # neither the dead dog nor the license expiring in November is reminded
    assert "Rocky" not in pat
    assert "Pepper" not in pat


def test_a_renewed_license_is_not_reminded(clerk, household):
    # given Biscuit renewed early, today, on a new three-year vaccination
    dog = household["biscuit"].license.dog
    rabies = services.record_rabies_vaccination(
        dog=dog,
        actor=clerk,
        vaccinated_on=D(2026, 11, 20),
        expires_on=D(2029, 11, 20),
        duration_years=3,
        veterinarian="Dr. Ana Lindqvist, DVM",
    )
    services.issue_license(
        dog=dog, rabies=rabies, kind="renewal", on=TODAY, payment=cash("8.00"), actor=clerk
    )
    # when the letters are gathered, then Pat's letter names Juno and Rocky only
    batch = reminders.letters(SEPTEMBER_1, OCTOBER_31)
    assert [(letter.owner.name, [lic.dog.name for lic in letter.licenses]) for letter in batch] == [
        ("Lee Carlson", ["Moose"]),
        ("Pat Gustafson", ["Juno", "Rocky"]),
    ]


def test_a_fee_resolution_in_force_on_an_expiry_date_is_shown_for_that_date(clerk, household):
    # given the council raises the one-year fee to $4.00 from 2027-10-01
    enter_fee_resolution(
        number="2027-02",
        adopted_on=D(2027, 1, 11),
        effective_on=D(2027, 10, 1),
        title="Dog license fees",
        amounts={"fees.dog_license.one_year": Decimal("4.00")},
        actor=clerk,
    )
    # when the reminders are rendered
    batch = reminders.letters(SEPTEMBER_1, OCTOBER_31)
    pages = pdf_pages(reminders.render(SEPTEMBER_1, OCTOBER_31, batch), "reminders-fees.pdf")
    # then Pat's letter has a column of fees for each set in force, citing the new resolution
    assert len(pages) == 2
    pat = pages[1]
    assert (
        "Fees (3-2-2.B, set by council resolution) License term "
        "Fee per dog in force on September 15, 2027, September 20, 2027 "
        "Fee per dog in force on October 1, 2027 "
        f"One year $3.00 {RESOLUTION} $4.00 Nowthen Resolution 2027-02, § 1-2-2, adopted "
        "2027-01-11 "
        f"Two years $5.00 {RESOLUTION} $5.00 {RESOLUTION} "
        f"Three years $8.00 {RESOLUTION} $8.00 {RESOLUTION} " + RENEWAL
    ) in pat
    # and Lee's, for October 20, the new fee only
    assert (
        "License term Fee per dog in force on October 20, 2027 One year $4.00 Nowthen "
        "Resolution 2027-02, § 1-2-2, adopted 2027-01-11 Two years $5.00"
    ) in pages[0]
    assert "$3.00" not in pages[0]


def test_no_license_expiring_in_the_range_gives_no_letters(household):
    assert reminders.letters(D(2028, 1, 1), D(2028, 12, 31)) == []


def test_the_late_renewal_text_follows_the_reading_in_force(monkeypatch, household):
    # given the City adopts the other reading of 3-2-2.B's thirty days from 2027-01-01
    adopted = city_params().with_values(
        [
            (
                "readings.renewal_window",
                D(2027, 1, 1),
                "after_previous_expiry",
                Source(instrument="City attorney opinion 2026-9", kind="decision"),
            )
        ],
        file="test",
    )
    monkeypatch.setattr(reminders, "city_params", lambda: adopted)
    # when the reminders are rendered
    batch = reminders.letters(SEPTEMBER_1, OCTOBER_31)
    lee = pdf_pages(reminders.render(SEPTEMBER_1, OCTOBER_31, batch), "reminders-reading.pdf")[0]
    # then the letter words the penalty from that reading
    assert (
        "If you renew late. A license must be renewed within 30 days after the vaccination or a "
        "penalty set by the City Council is assessed (3-2-2.B). The City counts the 30 days as "
        "follows: Thirty days after the previous license expired. A dog whose license lapsed is "
        f"unlicensed meanwhile (3-2-2.A). Penalty: $6.00 ({RESOLUTION})."
    ) in lee


def test_the_batch_reads_the_records_in_a_fixed_number_of_queries(
    household, django_assert_num_queries
):
    # the licenses, their tags, and the fee resolutions entered: whatever the number of owners
    with django_assert_num_queries(3):
        batch = reminders.letters(SEPTEMBER_1, OCTOBER_31)
        reminders.render(SEPTEMBER_1, OCTOBER_31, batch)
    assert len(batch) == 2


def test_the_blocks_every_letter_shares_are_laid_out_and_drawn_once(household):
    # given two letters (Lee: one dog; Pat: two dogs, other expiry dates)
    batch = reminders.letters(SEPTEMBER_1, OCTOBER_31)
    # when the batch is rendered
    reader = PdfReader(BytesIO(reminders.render(SEPTEMBER_1, OCTOBER_31, batch)))
    # then each page places its blocks as form XObjects, and the ones both letters share are
    # the same objects: the page's header and footer, what to bring, late renewal and the
    # closing (the opening says "dog" or "dogs", and the fees name each letter's dates)
    placed = [
        {ref.idnum for ref in page["/Resources"]["/XObject"].values()} for page in reader.pages
    ]
    assert [len(forms) for forms in placed] == [6, 6]
    assert len(placed[0] & placed[1]) == 4
