"""The license certificate: the license, its dog, owner and rabies vaccination, the findings
stored when it issued, and the owner's obligations with their sections."""

from dogtag.documents import licenses
from dogtag.licensing import services
from dogtag.licensing.models import License

from .conftest import GENERATED, TODAY, cash, dog_with_rabies, pdf_pages, pdf_text

OBLIGATIONS = (
    "The owner's obligations "
    "● Fasten the tag permanently to the collar of this dog, where City staff, the Animal "
    "Control Authority or Law Enforcement can easily see it, and see that the dog wears it at "
    "all times (3-2-3.A). "
    "● The tag and this license are for this dog only: tags are not transferable from one dog "
    "to another (3-2-3.A). "
    "● The license is valid for the same length of time as the rabies vaccination: it expires "
    "October 1, 2027, with the vaccination (3-2-2.B). "
    "● Renew within 30 days or the penalty set by the City Council ($6.00, Nowthen Resolution "
    "2011-04, § 1-2-2, adoption date not recorded) is assessed (3-2-2.B). The City counts the "
    "30 days as follows: Thirty days after the date of the new rabies vaccination. A dog whose "
    "license lapsed is unlicensed meanwhile (3-2-2.A). "
    "● No refund of the license fee is made if the owner leaves the City or the dog dies before "
    "the license expires (3-2-3.A)."
)


def test_certificate_of_a_license_in_force(biscuit_licensed):
    # given Biscuit licensed today (license 2026-00001, tag 2026-00001, receipt R2026-000001)
    license_ = licenses.find("2026-00001")
    # when the certificate is rendered
    pages = pdf_pages(licenses.render(license_), "license-in-force.pdf")
    # then one page: the license, the owner and the dog, side by side
    assert len(pages) == 1
    text = pages[0]
    assert text.startswith(
        "City of Nowthen Dog licensing 19800 Nowthen Blvd NW Nowthen, MN 55330 (763) 441-1347 "
        f"Dog license 2026-00001 {GENERATED} "
        "Dog license 2026-00001 Certificate of license, City Code 3-2-2 and 3-2-3 · status on "
        "November 29, 2026: in force "
        "License number 2026-00001 Status in force Kind New Issued November 29, 2026 "
        "Expires October 1, 2027 Fee $3.00 (1-year tier) Tag serial 2026-00001 (issued) "
        "Owner Pat Gustafson Address 7120 Viking Blvd NW, Nowthen, MN 55303 "
        "Dog Biscuit Breed Labrador retriever Color Yellow Sex female Born May 20, 2026 "
        "Sterilized yes Microchip 985112003456789 "
        "Rabies vaccination (3-2-2.G) Veterinarian Dr. Ana Lindqvist, DVM "
        "Clinic Rum River Animal Hospital Certificate RR-BISCUIT-0415 "
        "Vaccinated October 1, 2026 Expires October 1, 2027 Rabies tag — "
    )
    assert "VOID" not in text
    assert "NOT IN FORCE" not in text
    assert text.endswith(
        OBLIGATIONS + " Sections cited are of the Nowthen City Code, chapter 3, section 2 "
        "(dogs); 1-2-2 is the City's fee schedule, set by council resolution. Page 1 of 1"
    )


def test_certificate_lists_the_findings_stored_when_it_issued(biscuit_licensed):
    # given Biscuit's license and the decision stored with it
    license_ = License.objects.get(number="2026-00001")
    findings = license_.decision.findings
    # when the certificate is rendered
    text = pdf_text(licenses.render(licenses.find("2026-00001")), "license-findings.pdf")
    # then "why this license issued" lists every stored finding with its sections, in order
    why = (
        "Why this license issued The findings the City recorded when it decided on November 29, "
        "2026 by Dana Berg; paid on receipt R2026-000001: Finding Sections "
        + " ".join(f"{f['message']} {', '.join(f['sections'])}" for f in findings)
        + " The owner's obligations"
    )
    assert why in text
    assert [f["rule"] for f in findings] == [
        "license.application_contents",
        "license.required",
        "license.rabies_current",
        "license.term",
        "license.penalty",
        "license.amount_due",
    ]
    assert (
        "Rabies vaccination current until October 1, 2027 (certificate RR-BISCUIT-0415), "
        "certified by Dr. Ana Lindqvist, DVM (3-2-2.G). 3-2-2.G "
        "The license expires October 1, 2027 with the rabies vaccination; fee $3.00 for the "
        "one-year tier (the license's length rounded up to whole years), not prorated "
        "(3-2-2.B). 3-2-2.B, 1-2-2"
    ) in text


def test_certificate_with_an_estimated_age_and_a_penalty(clerk, stock, lee):
    # given a four-year-old dog of a resident, licensed for the first time today: fee + penalty
    moose, rabies = dog_with_rabies(
        clerk,
        lee,
        "Moose",
        "Newfoundland",
        "Black",
        "male",
        vaccinated=TODAY.replace(month=10, day=20),
        expires=TODAY.replace(year=2027, month=10, day=20),
        age_years=4,
        on=TODAY,
    )
    services.issue_license(
        dog=moose, rabies=rabies, kind="new", on=TODAY, payment=cash("9.00"), actor=clerk
    )
    # when its certificate is rendered
    text = pdf_text(licenses.render(licenses.find("2026-00001")), "license-penalty.pdf")
    # then the fee shows the penalty and the age is marked estimated
    assert "Fee $3.00 (1-year tier) + penalty $6.00 Tag serial 2026-00001 (issued)" in text
    assert (
        "Born about 4 years old on November 29, 2026 (estimated age) Sterilized no "
        "Microchip none recorded"
    ) in text
    assert (
        "The dog needed a license from May 29, 2023; applied more than 30 days after that; the "
        "period ended June 28, 2023 (3-2-2.A, D). Penalty $6.00. 3-2-2.A, 3-2-2.D, 1-2-2"
    ) in text


def test_certificate_of_a_voided_license_is_stamped_void(clerk, biscuit_licensed):
    # given Biscuit's receipt voided, which voids the license and its tag
    services.void_receipt(receipt=biscuit_licensed.receipt, reason="Wrong dog", actor=clerk)
    # when the certificate is rendered
    text = pdf_text(licenses.render(licenses.find("2026-00001")), "license-void.pdf")
    # then it is stamped VOID, says so, and lists both receipts
    assert text.endswith("set by council resolution. VOID Page 1 of 1")
    assert (
        "status on November 29, 2026: void (receipt voided) License number 2026-00001 "
        "Status void (receipt voided)"
    ) in text
    assert "Tag serial 2026-00001 (void)" in text
    assert "paid on receipt R2026-000001, R2026-000002:" in text


def test_certificate_of_an_expired_license_is_stamped_not_in_force(clerk, stock, pat):
    # given a license that expired on 2026-09-10
    juno, rabies = dog_with_rabies(
        clerk,
        pat,
        "Juno",
        "Border collie",
        "Black and white",
        "female",
        vaccinated=TODAY.replace(year=2025, month=9, day=10),
        expires=TODAY.replace(month=9, day=10),
        born=TODAY.replace(year=2025, month=3, day=1),
    )
    services.issue_license(
        dog=juno,
        rabies=rabies,
        kind="new",
        on=TODAY.replace(year=2025, month=9, day=20),
        payment=cash("3.00"),
        actor=clerk,
    )
    # when its certificate is rendered today
    text = pdf_text(licenses.render(licenses.find("2025-00001")), "license-expired.pdf")
    # then it is stamped and its status says when it expired
    assert text.endswith("set by council resolution. NOT IN FORCE Page 1 of 1")
    assert "status on November 29, 2026: expired 2026-09-10" in text


def test_a_certificate_is_read_in_four_queries(biscuit_licensed, django_assert_num_queries):
    # the license with its dog, owner, rabies and decision; its tags; its receipts; and the
    # fee resolutions entered (for the parameters in force)
    with django_assert_num_queries(4):
        licenses.render(licenses.find("2026-00001"))
