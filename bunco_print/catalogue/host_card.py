"""A shop pack's host card (`catalogue --qr-join URL`): one page, in the pack's theme and paper,
whose code opens the hosted engine's "start a night" for this pack (signing/links.join_url),
and how the night then goes. Every buyer's card is the same: the night it starts is hers."""

from __future__ import annotations

import base64
import io

from bunco_print.errors import InputError
from bunco_print.game.night import Night
from bunco_print.signing import links
from bunco_print.theming import themes

NAME = "host-card.pdf"
JOIN_HOURS = 16  # web/views/join.TTL, as the card words it


def check_qr_join(settings, qr: bool, name, listings, ruleset_ids, players) -> str:
    """The hosted engine a shop's join codes open (`qr_join`; "": none), checked as an engine
    URL, with every pack's longest code (its highest tally pad) still one a phone reads at arm's
    length."""
    value = settings.get("qr_join")
    if value is None:
        return ""
    if qr:
        raise InputError(f"{name('qr')} signs codes for one night; {name('qr_join')} is for "
                         "every buyer: give one")  # fmt: skip
    try:
        url = links.check_engine_url(str(value))
    except InputError as exc:
        raise InputError(str(exc).replace("engine URL", name("qr_join"), 1)) from None
    for _listing, theme in listings:
        for ruleset in ruleset_ids:
            code = links.join_url(url, themes.load(theme).name, ruleset, max(players), "T100")
            if len(code.encode()) > links.qr_capacity():
                raise InputError(f"{name('qr_join')} {url} is too long for the codes of theme "
                                 f"{theme}; a shorter address fits")  # fmt: skip
    return url


def card_context(night: Night, theme: themes.Theme, paper: str) -> dict:
    link = links.join_url(night.engine_url, theme.name, night.ruleset.id, night.players)
    return {
        "title": night.title,
        "theme": theme,
        "css": theme.css(),
        "page_size": "A4" if paper == "a4" else "letter",
        "players": night.players,
        "ruleset": night.ruleset.name,
        "link": link,
        "code": "data:image/svg+xml;base64," + base64.b64encode(_qr_svg(link)).decode(),
        "hours": JOIN_HOURS,
    }


def host_card(night: Night, request) -> bytes:
    """The card's PDF for a pack of `night`, made as `request` asked (theme and paper)."""
    from bunco_print.printing import render

    theme = themes.load(request.theme)
    html = render.render_html("host_card.html.j2", **card_context(night, theme, request.paper))
    return render.write_pdf(render.layout(html))


def _qr_svg(link: str) -> bytes:
    import qrcode
    from qrcode.image.svg import SvgPathImage

    code = qrcode.QRCode(border=4, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(link)
    code.make(fit=True)
    out = io.BytesIO()
    code.make_image(image_factory=SvgPathImage).save(out)
    return out.getvalue()
