"""The license fee as a variant (issue 27): by the term's tier (Nowthen 3-2-2.B, Resolution
2011-04) or by spay/neuter status (Lino Lakes § 218.01), as each package's ``license.fee_basis``
says; the license runs as long as the rabies vaccination either way."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from dogtag.law import licensing, params
from dogtag.law.licensing import LicenseApplication, RabiesCertificate

ON = dt.date(2026, 11, 29)
CERTIFICATE = RabiesCertificate(dt.date(2026, 10, 1), dt.date(2027, 10, 1), "Dr. A")


@pytest.mark.parametrize(
    "city, sterilized, fee, sections, message",
    [
        (
            "nowthen",
            None,
            Decimal("3.00"),
            ("3-2-2.B", "1-2-2"),
            "The license expires October 1, 2027 with the rabies vaccination; fee $3.00 for the "
            "one-year tier (the license's length rounded up to whole years), not prorated "
            "(3-2-2.B).",
        ),
        # Nowthen's fee does not turn on it: the same answer, the fact kept
        ("nowthen", True, Decimal("3.00"), ("3-2-2.B", "1-2-2"), None),
        (
            "lino-lakes",
            True,
            Decimal("6.00"),
            ("503.09(5)(c)", "503.09(5)(b)", "218.01"),
            "The license expires October 1, 2027 with the rabies vaccination; fee $6.00 for a "
            "dog spayed or neutered (503.09(5)(c), (5)(b)).",
        ),
        (
            "lino-lakes",
            False,
            Decimal("11.00"),
            ("503.09(5)(c)", "503.09(5)(b)", "218.01"),
            "The license expires October 1, 2027 with the rabies vaccination; fee $11.00 for a "
            "dog not spayed or neutered (503.09(5)(c), (5)(b)).",
        ),
    ],
)
def test_the_fee_follows_the_basis_the_package_states(
    in_force, city, sterilized, fee, sections, message
):
    asked = LicenseApplication(on=ON, rabies=CERTIFICATE, sterilized=sterilized)
    found = licensing.license_term(asked, in_force(city))
    assert (found.outcome, found.blocks, found.details["fee"], found.sections) == (
        "term",
        False,
        fee,
        sections,
    )
    if message is not None:
        assert found.message == message


def test_a_basis_no_variant_knows_is_an_error(in_force, tmp_path, monkeypatch):
    import shutil

    import yaml

    root = tmp_path / "params"
    shutil.copytree(params.DEFAULT_ROOT, root)
    path = root / "lino-lakes" / "licensing.yaml"
    data = yaml.safe_load(path.read_text())
    for dated in data["parameters"]["license.fee_basis"]["values"].values():
        dated["value"] = "by_weight"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    monkeypatch.setenv("DOGTAG_PARAMS_DIR", str(root))
    asked = LicenseApplication(on=ON, rabies=CERTIFICATE, sterilized=True)
    with pytest.raises(ValueError, match="'by_weight' is not term_tier or sterilization"):
        licensing.license_term(asked, in_force("lino-lakes"))
