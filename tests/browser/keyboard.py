"""Filling and sending a form with the keyboard only, as a person who uses no mouse does.

The walk starts where an in-page link leaves the focus (the page's address with a fragment: the
browser starts the next Tab from that element, as from a skip link or an error summary's link),
then presses Tab from control to control. Each control of the form that is given a value is set
with keys only (typing, Space, the arrow keys); the form is sent by Enter on its button. It fails
if the button is reached before every value was set (a control the Tab order skips or puts after
the button), or if the Tab order never reaches the button.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

#: How many Tab presses may separate the starting point from the button: a page's step sections,
#: the date inputs' three parts (month, day, year) and the links of the hints included.
MOST_TABS = 400

ACTIVE = """(form) => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  return {
    inForm: form !== null && form.contains(el),
    tag: el.tagName.toLowerCase(), type: (el.type || "").toLowerCase(), name: el.name || "",
    value: el.value, checked: !!el.checked, text: (el.textContent || "").trim(), id: el.id,
    step: el.getAttribute("step") || "",
  };
}"""


def _date_keys(day: dt.date) -> str:
    """What a person types in Chromium's date input in the en-US locale: month, day, year."""
    return f"{day:%m%d%Y}"


def _time_keys(moment: dt.time, seconds: bool) -> str:
    """The same for the time input: hours, minutes (seconds, when its step asks for them), then
    A or P."""
    return f"{moment:%I%M}{moment:%S}"[: 6 if seconds else 4] + ("A" if moment.hour < 12 else "P")


def fill_by_keyboard(
    page: Any,
    url: str,
    form: str,
    values: dict[str, Any],
    button: str,
) -> list[str]:
    """Go to ``url`` (with its fragment), Tab to each control of the form ``form`` (a CSS
    selector) named in ``values`` and set it by keys, then press Enter on its button ``button``.
    Returns the names of the controls reached, in Tab order."""
    page.goto(url)
    page.wait_for_load_state("load")
    handle = page.locator(form)
    assert handle.count() == 1, f"{form}: {handle.count()} forms"
    target = handle.element_handle()
    todo = dict(values)
    reached: list[str] = []
    for _ in range(MOST_TABS):
        page.keyboard.press("Tab")
        el = page.evaluate(ACTIVE, target)
        if el is None or not el["inForm"]:
            continue
        if el["tag"] == "button" and el["text"] == button:
            assert not todo, f"{form}: the button comes before {sorted(todo)} in the Tab order"
            page.keyboard.press("Enter")
            page.wait_for_load_state("load")
            return reached
        name = el["name"]
        if name and (not reached or reached[-1] != name):
            reached.append(name)
        if name not in todo:
            continue
        if el["type"] == "checkbox" and isinstance(todo[name], str):
            # a group of checkboxes sharing a name: the box whose value is given
            if el["value"] == todo[name]:
                todo.pop(name)
                page.keyboard.press("Space")
                assert page.evaluate(ACTIVE, target)["checked"], name
            continue
        _set(page, el, todo.pop(name), target)
    raise AssertionError(f"{form}: Tab never reached the button {button!r}; reached {reached}")


def _set(page: Any, el: dict[str, Any], value: Any, form: Any) -> None:
    kind = el["type"] if el["tag"] == "input" else el["tag"]
    if kind == "date":
        page.keyboard.type(_date_keys(value))
    elif kind == "time":
        seconds = el["step"] not in ("", "any") and float(el["step"]) % 60 != 0
        page.keyboard.type(_time_keys(value, seconds))
    elif kind == "checkbox":
        if bool(value) != el["checked"]:
            page.keyboard.press("Space")
    elif kind == "radio":
        # the group is one Tab stop: Space checks the radio focused, an arrow moves and checks
        if el["value"] != value or not el["checked"]:
            if el["value"] == value:
                page.keyboard.press("Space")
            else:
                _arrow_to(page, value)
    elif kind in ("select-one", "select"):
        _arrow_to(page, value, home=True)
    else:  # text, number, textarea: select what is there, type over it
        page.keyboard.press("Control+A")
        page.keyboard.type(str(value))
    after = page.evaluate(ACTIVE, form)
    if kind in ("radio", "checkbox"):
        wanted = (value, True) if kind == "radio" else (after["value"], bool(value))
        assert (after["value"], after["checked"]) == wanted, (el["name"], after)
    elif kind not in ("date", "time"):
        assert after["value"] == str(value), (el["name"], after["value"], value)
    else:
        shown = page.evaluate("(f) => document.activeElement.value", form)
        expected = value.isoformat() if kind == "date" else f"{value:%H:%M}"
        if kind == "time" and len(shown) == 8:  # with its seconds
            expected = f"{value:%H:%M:%S}"
        assert shown == expected, (el["name"], shown, expected)


def _arrow_to(page: Any, value: str, home: bool = False) -> None:
    """Down arrow until the control focused has ``value`` (a select from its first option; a
    radio group goes round from the one focused)."""
    if home:
        page.keyboard.press("Home")
    for _ in range(60):
        if page.evaluate("() => document.activeElement.value") == value:
            return
        page.keyboard.press("ArrowDown")
    raise AssertionError(f"no choice {value!r} by the arrow keys")
