"""Dog enclosures and shelters, one module a subsection of Nowthen's section: placement
(``a_placement``), sanitation (``b_sanitation``), applicability and the notice of compliance
(``c_applicability``), shelter size and shade (``d_shelter``). Every public name is importable from
here. Each provision is named by a concept (``enclosure.placement.dwelling``) and cited as the
jurisdiction package says (``law.provisions``).

``enclosure.purpose``, the section as a whole, in Nowthen's words: "It is the purpose of this
Section to prevent nuisances created by site, odor, noise and sanitation due to construction and
placement of dog enclosures on private property."

Geometry is in a projected coordinate system whose unit is the FOOT (Minnesota State Plane or the
Anoka County coordinate system), never longitude/latitude degrees: every distance is a plain
Shapely distance in feet.
"""

from __future__ import annotations

from shapely.geometry import LineString, Point, Polygon

from dogtag.law.enclosures.a_placement import (
    GEOMETRIC_TOLERANCE_FEET,
    MEASURE_DECIMALS,
    LotLines,
    PlacementFacts,
    classify_lot_lines,
    dwelling_setback,
    edge_list,
    lot_lines_finding,
    lot_lines_set,
    lot_lines_unknown,
    placement,
    rear_lot_line_setback,
    road_setback,
    road_setback_not_checked,
    side_lot_line_setback,
)
from dogtag.law.enclosures.b_sanitation import WASTES, SanitationFacts, sanitation
from dogtag.law.enclosures.c_applicability import (
    ApplicabilityFacts,
    applicability,
    compliance_notice_grounds,
)
from dogtag.law.enclosures.d_shelter import (
    EXACT_DECIMALS,
    ROUNDED_UP_NOTE,
    ShelterSizeFacts,
    minimum_floor_space,
    shade_required,
    shelter_size,
)

__all__ = [
    "EXACT_DECIMALS",
    "GEOMETRIC_TOLERANCE_FEET",
    "MEASURE_DECIMALS",
    "ROUNDED_UP_NOTE",
    "WASTES",
    "ApplicabilityFacts",
    "LineString",
    "LotLines",
    "PlacementFacts",
    "Point",
    "Polygon",
    "SanitationFacts",
    "ShelterSizeFacts",
    "applicability",
    "classify_lot_lines",
    "compliance_notice_grounds",
    "dwelling_setback",
    "edge_list",
    "lot_lines_finding",
    "lot_lines_set",
    "lot_lines_unknown",
    "minimum_floor_space",
    "placement",
    "rear_lot_line_setback",
    "road_setback",
    "road_setback_not_checked",
    "sanitation",
    "shade_required",
    "shelter_size",
    "side_lot_line_setback",
]
