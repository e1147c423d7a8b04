"""The top of every letter the city mails: the date and the address block in the envelope's
window. Shared by the license reminders, the notices of compliance and the dangerous-dog notices."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.units import inch
from reportlab.platypus import Flowable

from dogtag.records import fonts, pdf

# Where the address block goes so that it shows in the window of a standard #10 window envelope
# (window 4 1/2 x 1 1/8 in, 7/8 in from the left and 1/2 in from the bottom) when the letter is
# folded in three. Measured from the top left corner of the page.
WINDOW_TOP = 2.25 * inch
WINDOW_LEFT = 1.0 * inch
WINDOW_WIDTH = 3.4 * inch
WINDOW_LINES = 5


class AddressWindow(Flowable):
    """The top of a letter: the date on the right and the address block placed for the window
    of a #10 envelope. Drawn first on its page, so its position on the paper is fixed."""

    def __init__(self, address: Sequence[str], date_lines: Sequence[str]) -> None:
        super().__init__()
        self.address = list(address)[:WINDOW_LINES]
        self.date_lines = list(date_lines)
        self.width = pdf.FRAME_WIDTH
        self.height = WINDOW_TOP - pdf.FRAME_TOP_FROM_TOP + WINDOW_LINES * 12 + 10

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        # the flowable's top edge is the frame's top, FRAME_TOP_FROM_TOP below the page's top
        top = self.height
        canvas.setFillColor(pdf.INK)
        for i, line in enumerate(self.date_lines):
            pdf.draw(canvas, self.width, top - 10 - i * 12, line, fonts.SANS, 9.5, anchor="end")
        x = WINDOW_LEFT - pdf.MARGIN_X
        y = top - (WINDOW_TOP - pdf.FRAME_TOP_FROM_TOP) - 10
        for i, line in enumerate(self.address):
            font = fonts.SANS_BOLD if i == 0 else fonts.SANS
            # a long line is set smaller rather than run past the window
            width = fonts.string_width(line, font, 10.5)
            size = min(10.5, 10.5 * WINDOW_WIDTH / max(width, 1))
            pdf.draw(canvas, x, y - i * 12.5, line, font, size)
