"""Transparency groups dropped where nothing in them is transparent.

WeasyPrint puts every background image (a theme's rule strips and ornaments) and the cell of
every tiling pattern in a transparency group, whether anything in it is see-through or not,
and a PostScript printer gets a page holding a group as one picture of the whole page (see
pdf/opacity.py). A group with nothing transparent inside, drawn where no alpha, soft mask or blend
mode is set (a group starts its content with none; a form that is no group inherits its
caller's), paints just as its content painted straight onto the page, so its /Group goes.
"""

from __future__ import annotations

import pikepdf
from pikepdf import Dictionary, Name

_BLENDS = (Name.Normal, Name.Compatible)


def drop_needless_groups(pdf: pikepdf.Pdf) -> None:
    """Remove /Group from each form of `pdf` that holds nothing transparent and is drawn by
    nothing that may set an alpha (looked at through the resources of whatever draws it)."""
    known: dict[tuple[int, int], bool] = {}
    callers: dict[tuple[int, int], list[pikepdf.Object]] = {}
    holders = [page.obj for page in pdf.pages]
    holders += [obj for obj in pdf.objects if isinstance(obj, Dictionary | pikepdf.Stream)]
    for holder in holders:
        resources = holder.get("/Resources")
        if isinstance(resources, Dictionary):
            for category in ("/XObject", "/Pattern", "/Font"):
                for child in resources.get(category, {}).values():
                    if _indirect(child):
                        callers.setdefault(child.objgen, []).append(holder)
    alpha: dict[tuple[int, int], bool] = {}
    for obj in pdf.objects:
        is_group = isinstance(obj, pikepdf.Stream) and "/Group" in obj
        if (
            is_group
            and obj.get("/Subtype") == Name.Form
            and not _transparent(obj, known)
            and not _drawn_with_alpha(obj, callers, alpha)
        ):
            del obj["/Group"]


def _indirect(obj: pikepdf.Object) -> bool:
    return isinstance(obj, Dictionary | pikepdf.Stream) and obj.is_indirect


def _drawn_with_alpha(obj: pikepdf.Object, callers: dict, alpha: dict) -> bool:
    """Whether something that draws `obj` may set an alpha, a soft mask or a blend mode, or is
    itself a form without a group drawn so (a page, a group, a pattern start with none)."""
    key = obj.objgen
    if key not in alpha:
        alpha[key] = False  # until found (a cycle adds nothing)
        for caller in callers.get(key, ()):
            resources = caller.get("/Resources", Dictionary())
            states = resources.get("/ExtGState", {}) if isinstance(resources, Dictionary) else {}
            inherits = caller.get("/Subtype") == Name.Form and "/Group" not in caller
            if any(_state_transparent(s) for s in states.values()) or (
                inherits and _drawn_with_alpha(caller, callers, alpha)
            ):
                alpha[key] = True
                break
    return alpha[key]


def _transparent(obj: pikepdf.Object, known: dict[tuple[int, int], bool]) -> bool:
    """Whether the form, pattern or font `obj` paints anything transparent: a graphics state
    with an alpha under 1, a soft mask or a blend mode, an image with a soft mask, or a form
    or pattern that does (looked through its resources, as WeasyPrint gives each its own)."""
    key = obj.objgen
    if key != (0, 0) and key in known:
        return known[key]
    known[key] = False  # until found: a form that names itself adds nothing
    found = _resources_transparent(obj.get("/Resources"), known)
    if key != (0, 0):
        known[key] = found
    return found


def _resources_transparent(resources: pikepdf.Object | None, known: dict) -> bool:
    if not isinstance(resources, Dictionary):
        return False
    for state in resources.get("/ExtGState", {}).values():
        if _state_transparent(state):
            return True
    for xobject in resources.get("/XObject", {}).values():
        if xobject.get("/Subtype") == Name.Image:
            if "/SMask" in xobject or int(xobject.get("/SMaskInData", 0)):
                return True
        elif _transparent(xobject, known):
            return True
    for pattern in resources.get("/Pattern", {}).values():
        if _state_transparent(pattern.get("/ExtGState", Dictionary())) or _transparent(
            pattern, known
        ):
            return True
    return any(
        font.get("/Subtype") == Name.Type3 and _transparent(font, known)
        for font in resources.get("/Font", {}).values()
    )


def _state_transparent(state: pikepdf.Object) -> bool:
    if not isinstance(state, Dictionary):
        return False
    if any(key in state and float(state[key]) < 1 for key in ("/CA", "/ca")):
        return True
    if "/SMask" in state and state.SMask != Name("/None"):
        return True
    return "/BM" in state and state.BM not in _BLENDS
