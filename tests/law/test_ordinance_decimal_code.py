"""Lino Lakes' City Code ch. 503 and fee schedule § 218.01 in the rules core
(dogtag.law.ordinance.decimal_code): split into the passages its decimal numbering marks, each with
the status and source of the copy it was read from."""

from collections import Counter
from pathlib import Path

import pytest

from dogtag.law import params
from dogtag.law.ordinance import decimal_code
from dogtag.law.ordinance.text import Subsection

SHIPPED = params.DEFAULT_ROOT / "lino-lakes" / "ordinance" / "lino-lakes-city-code-ch503.txt"
SHARED = Path("/work/shared/ordinance/lino-lakes/lino-lakes-city-code-ch503.txt")
AMLEGAL = "https://codelibrary.amlegal.com/codes/linolakes/latest/linolakes_mn/0-0-0-"
LASERFICHE = "https://miweblink.metro-inet.us/LLPublic/0/doc/"


@pytest.fixture(scope="module")
def lino() -> dict[str, Subsection]:
    return decimal_code.parse(SHIPPED.read_text(encoding="utf-8"))


def test_the_shipped_text_is_the_shared_copy():
    if not SHARED.exists():
        pytest.skip("the shared ordinance folder is not on this machine")
    assert SHIPPED.read_bytes() == SHARED.read_bytes()


# ------------------------------------------------------------------- the sections of the text


SECTIONS = [
    # (section, title from the table of contents, status, passages below it)
    ("503.01", "Definitions", "current", 6),
    ("503.02", "Enforcement", "not_available", 0),
    ("503.03", "Right of entry", "not_available", 0),
    ("503.04", "Impounding animals", "not_available", 0),
    ("503.05", "Impounding strays", "draft", 1),
    ("503.06", "Impounding facility", "draft", 2),
    ("503.07", "Redeeming impounded animals", "draft", 0),
    ("503.08", "Disposition of impounded animals", "draft", 0),
    ("503.09", "License and vaccination requirements", "current", 17),
    ("503.10", "Kennel licenses: private and commercial", "current", 7),
    ("503.11", "Health and maintenance standards", "current", 18),
    ("503.12", "Prohibitions", "current", 12),
    ("503.13", "Confinement in motor vehicle", "draft", 3),
    ("503.14", "Rabies; animal bites", "draft", 3),
    ("503.15", "Attack by an animal", "not_available", 0),
    ("503.16", "Dangerous animals", "current", 9),
    ("503.17", "Appeal process", "not_available", 0),
    ("503.18", "Notification of new address", "historical", 1),
    ("503.19", "Dangerous animal requirements", "current", 9),
    ("503.20", "Forfeiture of ownership rights", "current", 11),
    ("503.21", "Farm animals", "not_available", 0),
    ("503.22", "Wild animals", "draft", 4),
    ("503.23", "Penalty", "not_available", 0),
    ("503.24", "Exemptions", "not_available", 0),
    ("218.01", "FEE SCHEDULE", "current", 1),  # not in ch. 503's table: its printed heading
]


def test_every_section_of_the_table_of_contents_and_the_fee_schedule_in_order(lino):
    sections = [s for s in lino.values() if s.marker.startswith("§")]
    assert [(s.anchor, s.title, s.status) for s in sections] == [x[:3] for x in SECTIONS]
    below = Counter(decimal_code.section_of(a) for a in lino if a != decimal_code.section_of(a))
    assert [below[number] for number, *_ in SECTIONS] == [x[3] for x in SECTIONS]
    assert len(lino) == len(SECTIONS) + 104 == 129


def test_status_counts(lino):
    assert Counter(s.status for s in lino.values()) == {
        "current": 73,
        "draft": 27,
        "historical": 20,
        "not_available": 9,
    }


@pytest.mark.parametrize(
    ("section", "children"),
    [
        ("503.01", ("503.01(a)", "503.01(b)", "503.01(c)")),
        ("503.01(c)", ("503.01(c)1", "503.01(c)2", "503.01(c)3")),
        ("503.09", tuple(f"503.09({n})" for n in range(1, 6))),
        ("503.09(5)", tuple(f"503.09(5)({x})" for x in "abcdefghi")),
        ("503.10(1)", tuple(f"503.10(1)({x})" for x in "abcd")),
        ("503.11(1)", tuple(f"503.11(1)({x})" for x in "abcdfgh")),  # (e): only its tail found
        ("503.12", (*(f"503.12({n})" for n in range(1, 9)), "503.12(10)")),
        ("503.16(2)(c)", ("503.16(2)(c)1", "503.16(2)(c)2")),
        ("503.18", ("503.18(9)",)),  # as the 2011 printout numbers it
        ("503.20(1)(a)", ("503.20(1)(a)1", "503.20(1)(a)2", "503.20(1)(a)3")),
        ("503.22(2)", ("503.22(2)(a)", "503.22(2)(b)")),  # "a." and "b." of the 2005 draft
        ("218.01", ("218.01(3)",)),
    ],
)
def test_children_in_the_order_of_the_text(lino, section, children):
    assert lino[section].children == children


# ------------------------------------------------------------------------ passages, word for word


@pytest.mark.parametrize(
    ("anchor", "status", "source", "own"),
    [
        (
            "503.12(5)",
            "current",
            AMLEGAL + "15742",
            "A person must not allow an animal to create a habitual disturbance. Habitual "
            "disturbance shall be defined as howling, yelping, barking, crowing or other kinds of "
            "noise for repeated intervals of at least three minutes with less than one minute of "
            "interruption that is audible off of the owners' premises.",
        ),
        (
            "503.10(2)",
            "current",
            AMLEGAL + "15704",
            "Private kennel. A minimum of one acre of land is required to obtain a private kennel "
            "license in any zoning district. Every kennel shall be enclosed or fenced in a manner "
            "as to prevent the running at large or escape of animals confined therein. A private "
            "kennel license shall be limited to a maximum of four dogs.",
        ),
        (
            "503.09(1)",
            "current",
            AMLEGAL + "15684",
            "License and registration. All dogs within the City of Lino Lakes shall be licensed "
            "except the following:",
        ),
        ("503.09(1)(a)", "current", AMLEGAL + "15684", "Dogs less than six months of age;"),
        (
            "503.09(1)(b)",
            "current",
            AMLEGAL + "15684",
            "Dogs which are brought into the city for appearances in an animal show or trial; and",
        ),
        (
            "503.09(1)(c)",
            "current",
            AMLEGAL + "15684",
            "Dogs being used by law enforcement officers.",
        ),
        (
            "503.09(2)",  # the history note printed with the subdivision stays in its words
            "current",
            AMLEGAL + "15684",
            "Limitations. No more than three dogs over six months of age shall be kept on a "
            "property except as provided for in § 503.10. (Am. Ord. 17-18, passed 1-12-2009)",
        ),
        (
            "503.09(5)(g)",  # printed "9)" by the OCR, where item g comes next
            "historical",
            LASERFICHE + "82794/Page7.aspx",
            "Counterfeit Tags. No person shall counterfeit, attempt to counterfeit, or attach any "
            "counterfeit tag to any dog in the City.",
        ),
        (
            "503.06(1)",
            "draft",
            LASERFICHE + "68076/Page125.aspx",
            "The council will designate a place as an animal impounding facility for keeping "
            "animals that are impounded by the city.",
        ),
        (
            "218.01(3)",
            "current",
            AMLEGAL + "14155",
            "Business and miscellaneous. Type Amount Type Amount Dog kennel - private $20/year "
            "Dog kennel – commercial $105/year Dog license (male/female) $11 (not spayed or "
            "neutered) $6 (spayed or neutered)",
        ),
        (
            "503.01(c)2",  # OCR kept: "canide"
            "historical",
            LASERFICHE + "64651/Page176.aspx",
            "Any naturally wild member of the canine family (family canide) including wolves, "
            "foxes, coyotes, dingoes and jackals, but excluding commonly accepted domesticated dogs;",
        ),
        (
            "503.12(10)",  # the 2005 draft's own numbering
            "draft",
            LASERFICHE + "63843/Page25.aspx",
            "It is unlawful for an owner to sell or cause to be sold any animal without first "
            "providing the purchaser with written certification as to the origin of the animal.",
        ),
        ("503.22(2)(b)", "draft", LASERFICHE + "63843/Page25.aspx", "the departm"),
        ("503.10(3)", "not_available", AMLEGAL + "15704", ""),  # "(3)" printed, no words found
    ],
)
def test_each_passage_holds_its_words_with_the_status_and_source_of_its_copy(
    lino, anchor, status, source, own
):
    found = lino[anchor]
    assert (found.status, found.source, found.own) == (status, source, own)


@pytest.mark.parametrize(
    ("number", "title", "status", "source", "children"),
    [
        ("503.02", "Enforcement", "not_available", "", ()),
        ("503.17", "Appeal process", "not_available", "", ()),
        (
            "503.06",
            "Impounding facility",
            "draft",
            LASERFICHE + "68076/Page125.aspx",
            ("503.06(1)", "503.06(2)"),
        ),
        ("503.05", "Impounding strays", "draft", LASERFICHE + "68076/Page125.aspx", ("503.05(2)",)),
    ],
)
def test_a_section_found_in_no_copy_or_only_in_a_draft(
    lino, number, title, status, source, children
):
    assert lino[number] == Subsection(
        number, f"§ {number}", title, "", children, status=status, source=source
    )


def test_the_current_copy_wins_for_the_passages_it_has_and_older_copies_fill_the_rest(lino):
    # given § 503.09 cut off inside (5)(c), then Ord. 03-08 as adopted in 2008 from its c)
    # then (5)(c) stays the current words, cut off as they are, and (d)-(i) come from 2008
    assert lino["503.09(5)(c)"].status == "current"
    assert lino["503.09(5)(c)"].own.endswith("or a penalty will be applied in")
    assert {lino[f"503.09(5)({x})"].status for x in "defghi"} == {"historical"}
    # and § 503.01's (a), cut off in the current copy, is not replaced by the 2011 printout's
    assert lino["503.01(a)"].own == (
        "DOMESTIC ANIMAL. Any animal commonly accepted as a domesticated household pe"
    )
    assert (lino["503.01(b)"].status, lino["503.01(b)"].source) == (
        "historical",
        LASERFICHE + "64651/Page176.aspx",
    )
    # and § 503.11: current (1)(a)-(d), the 2/25/2008 draft (1)(f)-(2)(b), 2008 adopted after
    assert [lino[f"503.11(1)({x})"].status for x in "abcdfgh"] == ["current"] * 4 + ["draft"] * 3
    assert [lino[a].status for a in ("503.11(2)", "503.11(2)(b)", "503.11(2)(c)", "503.11(3)")] == [
        "draft",
        "draft",
        "historical",
        "historical",
    ]
    # and the 2011 redline of § 503.16 adds no passage: (2)(c) and its 1. and 2. are current
    assert lino["503.16(2)(c)2"].own.endswith(
        "who shall set a date for hearing not more than three week"
    )
    assert {lino[a].status for a in lino if a.startswith("503.16")} == {"current"}


def test_a_passage_cut_off_runs_on_into_the_next_copy_where_that_repeats_its_last_words(lino):
    # given § 503.14(3) of the 2/25/2008 draft ending "Lakes Police Department within", and the
    # 2/4/2008 draft page that starts (after its page heading) with those words
    bites = lino["503.14(3)"]
    # then the passage runs on, and names both copies
    assert bites.source == (LASERFICHE + "73606/Page70.aspx " + LASERFICHE + "68076/Page132.aspx")
    assert "Lino Lakes Police Department within 24 hours of the bite. The dog" in bites.own
    assert "FINAL DRAFT" not in bites.own
    assert bites.own.endswith("may require the o")
    # and a copy that does not repeat them is not joined: the 2008 copy of § 503.13 adds nothing
    assert {lino[a].source for a in lino if a.startswith("503.13")} == {
        LASERFICHE + "63843/Page25.aspx"
    }


# ------------------------------------------------------------------------------------ anchors


def test_every_anchor_round_trips(lino):
    order = list(lino)
    claimed: Counter[str] = Counter()
    for anchor, found in lino.items():
        # the anchor is canonical and is what a citation prints
        assert decimal_code.ANCHOR.fullmatch(anchor)
        assert decimal_code.citation(anchor) == f"§ {anchor}"
        assert found.anchor == anchor
        # its parent exists and lists it; its children follow it, in the order of the text
        up = decimal_code.parent(anchor)
        assert up is None or anchor in lino[up].children
        positions = [order.index(c) for c in found.children]
        assert positions == sorted(positions) and all(p > order.index(anchor) for p in positions)
        claimed.update(found.children)
        assert all(decimal_code.parent(c) == anchor for c in found.children)
    sections = {a for a in lino if decimal_code.parent(a) is None}
    assert claimed == Counter(a for a in lino if a not in sections)


@pytest.mark.parametrize(
    ("anchor", "parent", "section", "citation"),
    [
        ("503.09", None, "503.09", "§ 503.09"),
        ("503.09(5)", "503.09", "503.09", "§ 503.09(5)"),
        ("503.09(5)(c)", "503.09(5)", "503.09", "§ 503.09(5)(c)"),
        ("503.16(2)(c)2", "503.16(2)(c)", "503.16", "§ 503.16(2)(c)2"),
        ("503.01(c)", "503.01", "503.01", "§ 503.01(c)"),
        ("503.12(10)", "503.12", "503.12", "§ 503.12(10)"),
    ],
)
def test_anchor_parts(anchor, parent, section, citation):
    assert decimal_code.parent(anchor) == parent
    assert decimal_code.section_of(anchor) == section
    assert decimal_code.citation(anchor) == citation


@pytest.mark.parametrize("bad", ["503.09.5", "503.9", "3-2-9.A", "503.09(5)2", "§ 503.09"])
def test_what_is_no_anchor_is_refused(bad):
    for helper in (decimal_code.parent, decimal_code.section_of, decimal_code.citation):
        with pytest.raises(ValueError, match="is not an anchor of a decimal code"):
            helper(bad)


# -------------------------------------------------------------- the reading rules, on small texts


def compiled(*copies: tuple[str, ...]) -> dict[str, Subsection]:
    """A compiled text: a preamble, then copies each opening with its source line."""
    return decimal_code.parse(
        "\n\n".join(
            ["PREAMBLE (not read)", *("\n".join(("# source: " + c[0], *c[1:])) for c in copies)]
        )
    )


@pytest.mark.parametrize(
    ("copies", "expected"),
    [
        pytest.param(
            [
                (
                    "https://a/1 (older copy)",
                    "[HISTORICAL TEXT: x]",
                    "§ 700.01 THINGS.",
                    "(1) Old one.",
                    "(2) Old two.",
                ),
                ("https://a/2", "§ 700.01 THINGS.", "(1) New one."),
            ],
            {
                "700.01": ("current", ""),
                "700.01(1)": ("current", "New one."),
                "700.01(2)": ("historical", "Old two."),
            },
            id="a better copy wins even when it comes later",
        ),
        pytest.param(
            [
                (
                    "https://a/1",
                    "§ 700.01 THINGS.",
                    "(1) Items:",
                    "f) six.",
                    "9)",
                    "Seven.",
                    "h) eight.",
                    "9) nine is words here.",
                )
            ],
            {
                "700.01": ("current", ""),
                "700.01(1)": ("current", "Items:"),
                "700.01(1)(f)": ("current", "six."),
                "700.01(1)(g)": ("current", "Seven."),
                "700.01(1)(h)": ("current", "eight. 9) nine is words here."),
            },
            id="an OCR 9) is item g only where g comes next",
        ),
        pytest.param(
            [
                (
                    "https://a/1",
                    "[DRAFT TEXT: x]",
                    "700.02 DRAFTED.",
                    "1. One.",
                    "a. first;",
                    "c. not next, words;",
                    "2. Two:",
                    "a) item;",
                    "1. sub one;",
                    "2. sub two.",
                    "i. not item i, words.",
                )
            ],
            {
                "700.02": ("draft", ""),
                "700.02(1)": ("draft", "One."),
                "700.02(1)(a)": ("draft", "first; c. not next, words;"),
                "700.02(2)": ("draft", "Two:"),
                "700.02(2)(a)": ("draft", "item;"),
                "700.02(2)(a)1": ("draft", "sub one;"),
                "700.02(2)(a)2": ("draft", "sub two. i. not item i, words."),
            },
            id="a draft's 1. is a subdivision unless it is the next sub-item of an open item",
        ),
        pytest.param(
            [
                ("https://a/1", "§ 700.03 CUT.", "(1) Found.", "(2)", "[NOT FOUND: (2)]"),
                (
                    "none found",
                    "[Section heading per AmLegal chapter table of contents: 700.04   Gone]",
                    "[NOT FOUND: entire text]",
                ),
            ],
            {
                "700.03": ("current", ""),
                "700.03(1)": ("current", "Found."),
                "700.03(2)": ("not_available", ""),
                "700.04": ("not_available", ""),
            },
            id="a marker without words, and a section without any, are not available",
        ),
        pytest.param(
            [
                (
                    "https://a/1",
                    "[DRAFT TEXT: x]",
                    "§ 700.05 RUN ON.",
                    "(1) Report to the Lino",
                    "Lakes Police Department within",
                ),
                (
                    "https://a/2",
                    "[DRAFT TEXT: y]",
                    "PAGE HEADING",
                    "Lakes Police Department within",
                    "24 hours.",
                    "(2) Next.",
                ),
                ("https://a/3", "[DRAFT TEXT: z]", "a fragment of something else", "(3) Third."),
            ],
            {
                "700.05": ("draft", ""),
                "700.05(1)": (
                    "draft",
                    "Report to the Lino Lakes Police Department within 24 hours.",
                ),
                "700.05(2)": ("draft", "Next."),
                "700.05(3)": ("draft", "Third."),
            },
            id="a copy runs on only where it repeats the last four words",
        ),
        pytest.param(
            [
                (
                    "https://a/1",
                    "§ 700.07 CUT.",
                    "(1) Report to the Lino Lakes Police Department within",
                ),
                (
                    "https://a/2",
                    "[HISTORICAL TEXT: y]",
                    "Lakes Police Department within 24 hours.",
                    "(2) Older two.",
                ),
            ],
            {
                "700.07": ("current", ""),
                "700.07(1)": ("current", "Report to the Lino Lakes Police Department within"),
                "700.07(2)": ("historical", "Older two."),
            },
            id="an older copy does not run on into a current passage",
        ),
        pytest.param(
            [
                (
                    "https://a/1",
                    "§ 700.06 BREAKS.",
                    "(1) non - poisonous, non-",
                    "venomous (a) stays.",
                )
            ],
            {
                "700.06": ("current", ""),
                "700.06(1)": ("current", "non - poisonous, non-venomous (a) stays."),
            },
            id="a line broken at a hyphen is joined; OCR spacing and mid-line markers stay",
        ),
    ],
)
def test_reading_rules(copies, expected):
    parsed = compiled(*copies)
    assert {a: (s.status, s.own) for a, s in parsed.items()} == expected


def test_sources_and_a_section_only_in_the_table_of_contents():
    parsed = compiled(
        (
            "https://a/toc (table)",
            "CHAPTER 700: THINGS",
            "Section",
            "   700.01   Things",
            "   700.02   Never found",
            "§ 700.01 THINGS.",
            "Words.",
        ),
        ("Some doc 9 (https://a/doc/9/Page2.aspx; packet)", "(1) Named inside the line."),
    )
    assert [(s.anchor, s.title, s.status, s.source, s.own) for s in parsed.values()] == [
        ("700.01", "Things", "current", "https://a/toc", "Words."),
        ("700.01(1)", "", "current", "https://a/doc/9/Page2.aspx", "Named inside the line."),
        ("700.02", "Never found", "not_available", "", ""),
    ]
